import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes beside index.html, which the server reads (apps/api web-app.ts). */
export const SCREEN_CHUNKS_FILE = 'screen-chunks.json';

/** What a screen needs before it can render: its scripts and stylesheets, as paths from the site root. */
export interface ScreenChunks {
  js: string[];
  css: string[];
}

/** `name: () => import('../features/…')` and `const notFoundScreen = () => import('…')` in screens.ts. */
const SCREEN_IMPORT = /(\w+)\s*[:=]\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * Writes, for each screen of `src/app/screens.ts`, the chunks its lazy import loads and the CSS
 * they bring, less what the entry already loads. The server names them in each route's page
 * (`<link rel="modulepreload">`), so a phone fetches the screen's code with the entry instead of
 * after it has run (issue 32: the home route's chunk was requested 930 ms after the entry).
 */
export function screenChunksPlugin(screensFile: string): Plugin {
  return {
    name: 'tendly-screen-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFileName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [withoutExtension(chunk.facadeModuleId!), chunk]));

      /** The chunk and every chunk it imports statically, in load order. */
      function closure(fileName: string, seen = new Set<string>()): Set<string> {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of byFileName.get(fileName)?.imports ?? []) closure(imported, seen);
        return seen;
      }
      const loadedByEntry = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk.fileName)]));

      const screens: Record<string, ScreenChunks> = {};
      const source = readFileSync(screensFile, 'utf8');
      for (const [, screen, specifier] of source.matchAll(SCREEN_IMPORT)) {
        const chunk = byModule.get(withoutExtension(path.resolve(path.dirname(screensFile), specifier!)));
        if (!chunk) this.error(`screens.ts: no chunk was built for ${specifier} (screen ${screen})`);
        const files = [...closure(chunk.fileName)].filter((file) => !loadedByEntry.has(file));
        const css = files.flatMap((file) => [...(byFileName.get(file)?.viteMetadata?.importedCss ?? [])]);
        screens[screen!] = { js: files.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_CHUNKS_FILE, source: JSON.stringify(screens) });
    },
  };
}
