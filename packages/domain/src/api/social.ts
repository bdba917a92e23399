import { z } from 'zod/mini';

/**
 * Response schemas of the social media API (spec section 2, the home page's Instagram strip;
 * issue 4). Field names follow the Instagram Graph API, which the server relays. Written with
 * `zod/mini`, which keeps the full zod library out of the home page's JavaScript.
 */

export const socialMediaTypes = ['IMAGE', 'CAROUSEL_ALBUM', 'VIDEO'] as const;
export type SocialMediaType = (typeof socialMediaTypes)[number];

/** One post of the brand's Instagram account. */
export const socialMediaPostSchema = z.object({
  id: z.string(),
  media_type: z.enum(socialMediaTypes),
  /** The post on Instagram. */
  permalink: z.url(),
  /** The image (or, for a video, the video file): an absolute URL or a path on this site. */
  media_url: z.string(),
  /** The post's caption; the client uses it as the image's alternative text. */
  caption: z.optional(z.string()),
});
export type SocialMediaPost = z.infer<typeof socialMediaPostSchema>;

/** GET /api/social/media → 200. */
export const socialMediaPostsSchema = z.array(socialMediaPostSchema);
export type SocialMediaPosts = z.infer<typeof socialMediaPostsSchema>;
