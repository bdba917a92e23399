import type { SocialMediaPost } from './api/social';

/**
 * The six posts shipped with the product (spec sections 4 and 8: when the feed fails or comes
 * back empty, six built-in posts are shown). The API answers them when Instagram is not set up
 * or fails; the web app shows the same six when the API itself cannot be reached. The pictures
 * are our own illustrations, served by the web app from `apps/web/public/social/`; each post
 * links to the brand's Instagram profile, and each caption doubles as the picture's alternative
 * text.
 */
const builtInIllustrations = [
  { name: 'cooking-together', caption: 'A support worker and a client cooking a meal together in a sunny kitchen.' },
  { name: 'garden-walk', caption: 'A client using a wheelchair and a support worker on a walk through a garden.' },
  { name: 'morning-tea', caption: 'An older woman and her support worker sharing a pot of tea and a chat.' },
  { name: 'art-afternoon', caption: 'A client painting at an easel while a support worker looks on.' },
  { name: 'beach-day', caption: 'A client and a support worker enjoying a day out at the beach.' },
  { name: 'making-music', caption: 'A client playing guitar and a support worker keeping the beat.' },
] as const;

export function builtInSocialPosts(profileUrl: string): SocialMediaPost[] {
  return builtInIllustrations.map((illustration) => ({
    id: `built-in-${illustration.name}`,
    media_type: 'IMAGE',
    permalink: profileUrl,
    media_url: `/social/${illustration.name}.svg`,
    caption: illustration.caption,
  }));
}
