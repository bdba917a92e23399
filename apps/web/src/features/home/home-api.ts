import { SOCIAL_MEDIA_POSTS } from '@tendly/domain/constants';
import { socialMediaPostsSchema, type SocialMediaPost } from '@tendly/domain/api/social';
import { apiRequest } from '../../platform/api-client';

/**
 * GET /api/social/media?limit=6: the brand's latest social media posts (spec section 7). The spec's
 * client stripped the auth-token header because it called the social network itself; this call
 * goes to our own API, which holds the network's token, so the header it carries is harmless.
 */
export function fetchSocialMediaPosts(signal?: AbortSignal): Promise<SocialMediaPost[]> {
  return apiRequest('/social/media', {
    query: { limit: SOCIAL_MEDIA_POSTS },
    schema: socialMediaPostsSchema,
    ...(signal ? { signal } : {}),
  });
}
