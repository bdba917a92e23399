import { PAGE_SETTLED_MARK } from './deferred-content';

/**
 * Preloads a screen's scripts when the visitor navigates to it, from the list the build writes
 * (`screen-chunks.json`, apps/web screen-chunks-plugin.ts), so the screen's chunk and the chunks
 * it imports download together instead of one level after the other.
 *
 * Vite would otherwise write these lists into the entry script (a `__vite__mapDeps` table of every
 * chunk and an index array per screen): 8 KB gzipped of the first load, for navigations that may
 * never happen (issue 32, item 3). vite.config.ts leaves them out of the entry; the server still
 * names the first screen's chunks in the page (`<link rel="modulepreload">`), and the list is
 * fetched once the page has settled, off the first load.
 */
type ScreenChunks = Partial<Record<string, { js: string[] }>>;

const SCREEN_CHUNKS_URL = '/screen-chunks.json';

let screenChunks: ScreenChunks | undefined;
let request: Promise<ScreenChunks> | undefined;

/**
 * The list is named by the entry script's own address: a new build has a new entry, so a
 * browser never pairs a cached list of an older build with this one's chunks.
 */
function fetchScreenChunks(): Promise<ScreenChunks> {
  request ??= fetch(`${SCREEN_CHUNKS_URL}?build=${encodeURIComponent(new URL(import.meta.url).pathname)}`)
    .then((response) => (response.ok ? (response.json() as Promise<ScreenChunks>) : {}))
    .catch(() => ({}))
    .then((chunks) => (screenChunks = chunks));
  return request;
}

/** Adds a preload unless the page has one for the script (the server's, or Vite's for a lazy import). */
function addModulePreload(href: string): void {
  const url = new URL(href, document.baseURI).href;
  const existing = document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]');
  if ([...existing].some((link) => link.href === url)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

/** Starts downloading a screen's scripts; its own `import()` then finds them on the way. */
export function preloadScreen(screen: string): void {
  if (!import.meta.env.PROD) return;
  if (screenChunks) {
    for (const href of screenChunks[screen]?.js ?? []) addModulePreload(href);
    return;
  }
  void fetchScreenChunks().then(() => preloadScreen(screen));
}

/** Fetches the list once the first screen has rendered and the browser has been idle. */
export function fetchScreenChunksWhenSettled(): void {
  if (!import.meta.env.PROD || typeof window === 'undefined') return;
  window.addEventListener(PAGE_SETTLED_MARK, () => void fetchScreenChunks(), { once: true });
}
