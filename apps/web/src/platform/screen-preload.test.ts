import { afterEach, describe, expect, it, vi } from 'vitest';

// Each test gets the module afresh: the fetched list is kept at module level.
async function loadModule() {
  vi.resetModules();
  return import('./screen-preload');
}

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

describe('preloadScreen', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  });

  it("preloads the screen's scripts from the build's list, fetched once, each script once", async () => {
    vi.stubEnv('PROD', true);
    const fetchMock = vi.fn(async (_url: string) => Response.json({ login: { js: ['/assets/login-a.js', '/assets/Input-b.js'] }, home: { js: ['/assets/home-c.js'] } }));
    vi.stubGlobal('fetch', fetchMock);
    const { preloadScreen } = await loadModule();

    preloadScreen('login');
    await vi.waitFor(() => expect(preloads()).toEqual(['/assets/login-a.js', '/assets/Input-b.js']));
    preloadScreen('login');
    // A script Vite already preloads for a lazy import, named by its full address.
    const vitePreload = Object.assign(document.createElement('link'), { rel: 'modulepreload', href: new URL('/assets/home-c.js', document.baseURI).href });
    document.head.append(vitePreload);
    preloadScreen('home');
    expect(preloads()).toEqual(['/assets/login-a.js', '/assets/Input-b.js', vitePreload.getAttribute('href')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/^\/screen-chunks\.json\?build=/);
  });

  it('preloads nothing when the list cannot be fetched, and the screen still loads by its import', async () => {
    vi.stubEnv('PROD', true);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('not found', { status: 404 })));
    const { preloadScreen } = await loadModule();
    preloadScreen('login');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(preloads()).toEqual([]);
  });

  it('does nothing outside a production build (the dev server has no list)', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { preloadScreen } = await loadModule();
    preloadScreen('login');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
