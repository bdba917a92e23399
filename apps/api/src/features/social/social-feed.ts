import { z } from 'zod';
import { SOCIAL_MEDIA_POSTS } from '@tendly/domain/constants';
import { socialMediaPostSchema, type SocialMediaPost } from '@tendly/domain/api/social';
import { builtInSocialPosts } from '@tendly/domain/social-posts';

/** How long an answer from Instagram is kept (per process: a copy per API process is fine). */
export const INSTAGRAM_CACHE_MS = 10 * 60 * 1000;
/** How long the built-in posts stand in after Instagram failed, before it is asked again. */
export const INSTAGRAM_RETRY_MS = 60 * 1000;
export const INSTAGRAM_TIMEOUT_MS = 3000;

const mediaListSchema = z.object({ data: z.array(z.unknown()) });

export interface SocialFeedOptions {
  /** The Instagram Graph API token; without it Instagram is never called. */
  token: string | undefined;
  apiUrl: string;
  profileUrl: string;
  now?: () => number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  onError?: (error: unknown) => void;
}

export interface SocialFeed {
  /** The brand's latest posts: from Instagram when it can answer, otherwise the built-in six. */
  posts(): Promise<SocialMediaPost[]>;
}

/**
 * The home page's Instagram feed (spec sections 4 and 7): lists the account's media with the
 * fields id, media_type, permalink, media_url and caption, limit 6, and reads the `data` array.
 * The caller's auth-token never goes to Instagram: the server asks with its own token. Posts
 * Instagram sends that do not fit the schema (e.g. media without a media_url) are left out; on an
 * error, a timeout or an empty list the built-in posts are answered instead.
 */
export function createSocialFeed(options: SocialFeedOptions): SocialFeed {
  const now = options.now ?? Date.now;
  const fetchFn = options.fetch ?? globalThis.fetch;
  const fallback = builtInSocialPosts(options.profileUrl);
  let cached: { posts: SocialMediaPost[]; until: number } | undefined;
  let inFlight: Promise<SocialMediaPost[]> | undefined;

  async function fetchFromInstagram(token: string): Promise<SocialMediaPost[]> {
    const url = new URL(`${options.apiUrl.replace(/\/+$/, '')}/me/media`);
    url.searchParams.set('fields', 'id,media_type,permalink,media_url,caption');
    url.searchParams.set('limit', String(SOCIAL_MEDIA_POSTS));
    url.searchParams.set('access_token', token);
    const response = await fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs ?? INSTAGRAM_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Instagram answered ${response.status}`);
    const { data } = mediaListSchema.parse(await response.json());
    return data
      .flatMap((item) => {
        const post = socialMediaPostSchema.safeParse(item);
        return post.success ? [post.data] : [];
      })
      .slice(0, SOCIAL_MEDIA_POSTS);
  }

  async function refresh(token: string): Promise<SocialMediaPost[]> {
    try {
      const posts = await fetchFromInstagram(token);
      if (posts.length === 0) {
        cached = { posts: fallback, until: now() + INSTAGRAM_RETRY_MS };
      } else {
        cached = { posts, until: now() + INSTAGRAM_CACHE_MS };
      }
    } catch (error) {
      options.onError?.(error);
      cached = { posts: fallback, until: now() + INSTAGRAM_RETRY_MS };
    }
    return cached.posts;
  }

  return {
    async posts() {
      const token = options.token;
      if (!token) return fallback;
      if (cached && cached.until > now()) return cached.posts;
      // Visitors arriving together share one call to Instagram.
      inFlight ??= refresh(token).finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
