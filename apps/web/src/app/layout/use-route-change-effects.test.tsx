import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderApp, testSiteConfig } from '../test-app';

describe('on every route change', () => {
  it('sets the title and description from the route table', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(document.title).toBe('Find care and support workers you choose | Tendly');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/^Find, hire and pay/);
  });

  it('sends a page view when a tag manager is configured, and moves focus to the new heading', async () => {
    const { router } = renderApp('/', testSiteConfig({ analytics: { gtmId: 'GTM-TEST' } }));
    await screen.findByRole('heading', { level: 1, name: 'Find care and support workers you choose' });
    await act(() => router.navigate('/nowhere?x=1'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(window.dataLayer).toEqual([
      { event: 'page_view', page_path: '/' },
      { event: 'page_view', page_path: '/nowhere?x=1' },
    ]);
  });

  it('keeps focus where it is when only the query string changes, and still sends the page view', async () => {
    const { router } = renderApp('/', testSiteConfig({ analytics: { gtmId: 'GTM-TEST' } }));
    await screen.findByRole('heading', { level: 1, name: 'Find care and support workers you choose' });
    const button = screen.getAllByRole('button')[0] as HTMLElement;
    button.focus();
    await act(() => router.navigate('/?section=workers'));
    await waitFor(() => expect(window.dataLayer).toHaveLength(2));
    expect(document.activeElement).toBe(button);
    expect(window.dataLayer?.[1]).toEqual({ event: 'page_view', page_path: '/?section=workers' });
  });

  it('sends nothing to analytics without a tag manager id', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(window.dataLayer).toBeUndefined();
  });
});
