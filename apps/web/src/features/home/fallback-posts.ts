import type { SocialMediaPost } from '@tendly/domain/api/social';
import bakingUrl from './artwork/post-baking.svg?no-inline';
import beachWalkUrl from './artwork/post-beach-walk.svg?no-inline';
import communityUrl from './artwork/post-community.svg?no-inline';
import paintingUrl from './artwork/post-painting.svg?no-inline';
import sunflowersUrl from './artwork/post-sunflowers.svg?no-inline';
import teaUrl from './artwork/post-tea.svg?no-inline';

/**
 * The six built-in posts shown when the feed fails or comes back empty (spec sections 4 and 8).
 * Each links to the brand's Instagram profile, since there is no real post behind it.
 */
const builtIn: readonly Omit<SocialMediaPost, 'permalink'>[] = [
  { id: 'built-in-1', media_type: 'IMAGE', media_url: teaUrl, caption: 'Two mugs of tea: the best chats start with a cuppa.' },
  { id: 'built-in-2', media_type: 'IMAGE', media_url: sunflowersUrl, caption: 'Sunflowers in the garden after a morning of weeding together.' },
  { id: 'built-in-3', media_type: 'VIDEO', media_url: beachWalkUrl, caption: 'A slow walk along the beach, footprints in the sand.' },
  { id: 'built-in-4', media_type: 'IMAGE', media_url: paintingUrl, caption: 'A landscape painting on an easel from this week’s art session.' },
  { id: 'built-in-5', media_type: 'CAROUSEL_ALBUM', media_url: bakingUrl, caption: 'A fresh loaf of bread, baked and shared.' },
  { id: 'built-in-6', media_type: 'IMAGE', media_url: communityUrl, caption: 'A teal heart: thank you to our community of workers and families.' },
];

export function fallbackPosts(profileUrl: string): readonly SocialMediaPost[] {
  return builtIn.map((post) => ({ ...post, permalink: profileUrl }));
}
