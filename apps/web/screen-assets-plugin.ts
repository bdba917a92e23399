import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Writes `screen-assets.json` beside the built app: for each screen of `src/app/screens.ts`, the
 * script chunks it needs beyond the app's entry, its style sheets, and the picture that is its
 * largest paint (where one is named below). The API reads it and links them from the page it
 * serves for each route, so the browser fetches a screen's code while it still runs the entry's,
 * instead of discovering it one round trip later when the router loads the screen.
 */
export const SCREEN_ASSETS_FILE = 'screen-assets.json';

/** The picture each screen paints largest above the fold: fetched with the page, at high priority. */
const largestPaintImages: Record<string, string> = {
  home: 'src/features/home/artwork/hero-garden.svg',
};

export interface ScreenAssets {
  scripts: string[];
  styles: string[];
  images: string[];
}

const SCREEN_IMPORT = /^\s*(\w+): \(\) => import\('(\.\.\/features\/[^']+)'\)/gm;

function withoutExtension(file: string): string {
  return file.replace(/\.[cm]?[jt]sx?$/, '');
}

function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = bundle[file];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

export function screenAssetsPlugin(root: string): Plugin {
  return {
    name: 'tendly-screen-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('screen assets: the build has no entry chunk');
      // The entry's own imports are in index.html already.
      const loadedWithEntry = new Set(staticClosure(bundle, entry).map((chunk) => chunk.fileName));
      const chunkByModule = new Map(
        chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [withoutExtension(chunk.facadeModuleId ?? ''), chunk]),
      );
      const screensFile = path.join(root, 'src/app/screens.ts');
      const result: Record<string, ScreenAssets> = {};
      for (const [, screen, specifier] of readFileSync(screensFile, 'utf8').matchAll(SCREEN_IMPORT)) {
        if (!screen || !specifier) continue;
        const chunk = chunkByModule.get(path.resolve(path.dirname(screensFile), specifier));
        if (!chunk) throw new Error(`screen assets: no chunk for the ${screen} screen (${specifier})`);
        const needed = staticClosure(bundle, chunk).filter((part) => !loadedWithEntry.has(part.fileName));
        const styles = new Set(needed.flatMap((part) => [...(part.viteMetadata?.importedCss ?? [])]));
        const imageSource = largestPaintImages[screen];
        const images = imageSource
          ? Object.values(bundle)
              .filter((output) => output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(imageSource)))
              .map((output) => output.fileName)
          : [];
        if (imageSource && images.length === 0) throw new Error(`screen assets: ${imageSource} is not in the build`);
        result[screen] = { scripts: needed.map((part) => part.fileName), styles: [...styles], images };
      }
      this.emitFile({ type: 'asset', fileName: SCREEN_ASSETS_FILE, source: JSON.stringify(result) });
    },
  };
}
