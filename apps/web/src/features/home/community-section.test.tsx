import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { deferredReply } from '../../app/test-api';
import { renderApp } from '../../app/test-app';
import { mockHomeApi } from './test-home-api';

// Each test renders the whole app and loads the home screen, which takes a few seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
});

const LOAD = { timeout: 10_000 };

async function communitySection() {
  const heading = await screen.findByRole('heading', { level: 2, name: 'Join our community' }, LOAD);
  const section = heading.closest('section');
  if (!section) throw new Error('The community heading is not in a section');
  return section;
}

/** The posts are the links that open in a new tab and hold an image or a video placeholder. */
async function postLinks(section: HTMLElement) {
  const list = await within(section).findByRole('list', { name: 'Latest posts from Tendly' }, LOAD);
  return within(list).getAllByRole('link');
}

const livePosts = Array.from({ length: 6 }, (_, index) => ({
  id: `post-${index + 1}`,
  media_type: index === 2 ? 'VIDEO' : 'IMAGE',
  permalink: `https://www.instagram.com/p/post-${index + 1}/`,
  media_url: `https://cdn.example.com/post-${index + 1}.jpg`,
  caption: `Post number ${index + 1}`,
}));

describe('the community section', () => {
  it('says it is getting the feed while the call is under way', async () => {
    const pending = deferredReply();
    const { requests } = mockHomeApi({ social: pending.reply });
    renderApp('/');
    const section = await communitySection();
    expect(within(section).getByText('Getting Instagram feed...')).toBeTruthy();
    await vi.waitFor(() => expect(requests.some((request) => request.path === '/api/social/media')).toBe(true));
    pending.resolve([200, livePosts]);
    await vi.waitFor(() => expect(within(section).queryByText('Getting Instagram feed...')).toBeNull());
  });

  it('shows the six posts of the feed, each linking to the post in a new tab, videos with a play badge', async () => {
    mockHomeApi({ social: () => [200, livePosts] });
    renderApp('/');
    const section = await communitySection();
    const links = await postLinks(section);
    expect(links).toHaveLength(6);
    expect(links[0]?.getAttribute('href')).toBe('https://www.instagram.com/p/post-1/');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.textContent).toContain('(opens in a new tab)');
    expect(within(section).getByRole('img', { name: 'Post number 1' })).toBeTruthy();
    expect(links[2]?.textContent).toContain('Video:');
    expect(links[2]?.querySelector('[aria-hidden="true"]')?.textContent).toBe('▶');
  });

  it.each([
    ['the call fails', () => [500, { message: 'Instagram is down' }] as const],
    ['the feed is empty', () => [200, []] as const],
  ])('falls back to the six built-in posts, silently, when %s', async (_, reply) => {
    mockHomeApi({ social: reply });
    renderApp('/');
    const section = await communitySection();
    const links = await postLinks(section);
    expect(links).toHaveLength(6);
    for (const link of links) expect(link.getAttribute('href')).toBe('https://www.instagram.com/tendly');
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(within(section).queryByText('Getting Instagram feed...')).toBeNull();
  });

  it('links to the brand on four social networks', async () => {
    mockHomeApi();
    renderApp('/');
    const section = await communitySection();
    for (const [network, url] of [
      ['Facebook', 'https://www.facebook.com/tendly'],
      ['Instagram', 'https://www.instagram.com/tendly'],
      ['LinkedIn', 'https://www.linkedin.com/company/tendly'],
      ['YouTube', 'https://www.youtube.com/@tendly'],
    ] as const) {
      const link = within(section).getByRole('link', { name: new RegExp(`Tendly on ${network}, opens in a new tab`) });
      expect(link.getAttribute('href')).toBe(url);
    }
  });
});
