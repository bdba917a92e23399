import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { socialMediaPostsSchema } from '@tendly/domain/api/social';
import { SOCIAL_MEDIA_POSTS } from '@tendly/domain/constants';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { builtInSocialPosts } from '@tendly/domain/social-posts';
import { createSocialFeed, INSTAGRAM_CACHE_MS } from './social-feed';

/** A stand-in for the Instagram Graph API, on a local port, answering whatever a test sets. */
interface FakeInstagram {
  url: string;
  requests: { url: string; headers: IncomingHttpHeaders }[];
  answer: { status: number; body: unknown; delayMs?: number };
  close(): Promise<void>;
}

async function startFakeInstagram(): Promise<FakeInstagram> {
  const fake: Omit<FakeInstagram, 'url' | 'close'> = { requests: [], answer: { status: 200, body: { data: [] } } };
  const server: Server = createServer((request, response) => {
    fake.requests.push({ url: request.url ?? '', headers: request.headers });
    const { status, body, delayMs = 0 } = fake.answer;
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const post = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `1790${n}`,
  media_type: 'IMAGE',
  permalink: `https://www.instagram.com/p/post${n}/`,
  media_url: `https://scontent.cdninstagram.com/v/post${n}.jpg`,
  caption: `Post ${n}`,
  ...extra,
});

const PROFILE_URL = 'https://www.instagram.com/tendly/';

let instagram: FakeInstagram;
const apps: TestApp[] = [];

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const subject = await createTestApp({ env: { INSTAGRAM_API_URL: instagram.url, ...env } });
  apps.push(subject);
  return subject;
}

async function getMedia(subject: TestApp, headers: Record<string, string> = {}) {
  const response = await subject.app.inject({ method: 'GET', url: '/api/social/media', headers });
  expect(response.statusCode).toBe(200);
  return socialMediaPostsSchema.parse(response.json());
}

beforeAll(async () => {
  instagram = await startFakeInstagram();
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((subject) => subject.close()));
  instagram.requests.length = 0;
});

afterAll(async () => {
  await instagram.close();
});

describe('GET /api/social/media', () => {
  it('answers the six built-in posts without calling Instagram when no token is configured', async () => {
    const subject = await appWith({});
    const posts = await getMedia(subject);
    expect(posts).toEqual(builtInSocialPosts(PROFILE_URL));
    expect(posts).toHaveLength(SOCIAL_MEDIA_POSTS);
    for (const builtIn of posts) {
      expect(builtIn.media_url).toMatch(/^\/social\/[a-z-]+\.svg$/);
      expect(builtIn.permalink).toBe(PROFILE_URL);
      expect(builtIn.caption).toBeTruthy();
    }
    expect(instagram.requests).toHaveLength(0);
  });

  it("relays Instagram's posts with the server's token, limit 6, never the caller's auth-token", async () => {
    instagram.answer = { status: 200, body: { data: [1, 2, 3, 4, 5, 6, 7].map((n) => post(n)), paging: {} } };
    const subject = await appWith({ INSTAGRAM_TOKEN: 'server-token' });
    const posts = await getMedia(subject, { 'auth-token': 'caller-session-token' });

    expect(posts).toEqual([1, 2, 3, 4, 5, 6].map((n) => post(n)));
    expect(instagram.requests).toHaveLength(1);
    const [request] = instagram.requests;
    const url = new URL(request?.url ?? '', instagram.url);
    expect(url.pathname).toBe('/me/media');
    expect(url.searchParams.get('fields')).toBe('id,media_type,permalink,media_url,caption');
    expect(url.searchParams.get('limit')).toBe('6');
    expect(url.searchParams.get('access_token')).toBe('server-token');
    expect(request?.headers['auth-token']).toBeUndefined();
    expect(JSON.stringify(request?.headers)).not.toContain('caller-session-token');
  });

});

describe('the social feed', () => {
  function feedWith(overrides: { token?: string; apiUrl?: string; now?: () => number; timeoutMs?: number } = {}) {
    return createSocialFeed({ token: 'server-token', apiUrl: instagram.url, profileUrl: PROFILE_URL, ...overrides });
  }

  it('keeps the answer for ten minutes instead of asking Instagram on every visit', { tags: ['one-driver'] }, async () => {
    instagram.answer = { status: 200, body: { data: [post(1)] } };
    let clock = 1_000_000;
    const feed = feedWith({ now: () => clock });
    await Promise.all([feed.posts(), feed.posts()]);
    clock += INSTAGRAM_CACHE_MS - 1;
    expect(await feed.posts()).toEqual([post(1)]);
    expect(instagram.requests).toHaveLength(1);

    instagram.answer = { status: 200, body: { data: [post(2)] } };
    clock += 2;
    expect(await feed.posts()).toEqual([post(2)]);
    expect(instagram.requests).toHaveLength(2);
  });

  it('leaves out posts that do not fit and keeps the ones that do', async () => {
    instagram.answer = {
      status: 200,
      body: { data: [post(1), post(2, { media_url: undefined }), post(3, { media_type: 'STORY' }), post(4, { caption: undefined })] },
    };
    expect(await feedWith().posts()).toEqual([post(1), post(4, { caption: undefined })]);
  });

  it.each([
    ['an empty list', { status: 200, body: { data: [] } }],
    ['an error status', { status: 400, body: { error: { message: 'Invalid OAuth access token' } } }],
    ['a body without data', { status: 200, body: { media: [post(1)] } }],
    ['nothing usable', { status: 200, body: { data: [{ id: 1 }] } }],
    ['a timeout', { status: 200, body: { data: [post(1)] }, delayMs: 500 }],
  ])('answers the built-in posts on %s', async (_name, answer) => {
    instagram.answer = answer;
    expect(await feedWith({ timeoutMs: 100 }).posts()).toEqual(builtInSocialPosts(PROFILE_URL));
    expect(instagram.requests).toHaveLength(1);
  });

  it('answers the built-in posts when Instagram cannot be reached', async () => {
    expect(await feedWith({ apiUrl: 'http://127.0.0.1:1' }).posts()).toEqual(builtInSocialPosts(PROFILE_URL));
  });
});
