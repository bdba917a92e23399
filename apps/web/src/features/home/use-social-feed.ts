import { useQuery } from '@tanstack/react-query';
import { SOCIAL_MEDIA_POSTS } from '@tendly/domain/constants';
import type { SocialMediaPost } from '@tendly/domain/api/social';
import { fetchSocialMediaPosts } from './home-api';
import { builtInSocialPosts } from '@tendly/domain/social-posts';

/** Spec section 4: the social media feed goes initial → loading → success or error. */
export type SocialFeedStatus = 'initial' | 'loading' | 'success' | 'error';

export interface SocialFeed {
  readonly status: SocialFeedStatus;
  /** What to show: the fetched posts, or the built-in ones after an error or an empty answer. */
  readonly posts: readonly SocialMediaPost[];
}

/** `profileUrl`: where the built-in posts link to, the brand's profile. */
export function useSocialFeed(profileUrl: string): SocialFeed {
  const query = useQuery({
    queryKey: ['home', 'social-media'],
    queryFn: ({ signal }) => fetchSocialMediaPosts(signal),
    staleTime: 30 * 60 * 1000,
    refetchOnWindowFocus: false,
    // Spec section 8: a failure falls back silently, so there is nothing to gain by retrying.
    retry: false,
  });
  const status: SocialFeedStatus =
    query.fetchStatus === 'idle' && query.isPending ? 'initial' : query.isPending ? 'loading' : query.isError ? 'error' : 'success';
  const fetched = query.data ?? [];
  const posts = status === 'error' || (status === 'success' && fetched.length === 0) ? builtInSocialPosts(profileUrl) : fetched;
  return { status, posts: posts.slice(0, SOCIAL_MEDIA_POSTS) };
}
