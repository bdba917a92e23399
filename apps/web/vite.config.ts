import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesPlugin } from './mantine-styles-plugin.ts';
import { markdownPlugin } from './markdown-plugin.ts';
import { screenChunksPlugin } from './screen-chunks-plugin.ts';

/** The entry script, built from index.html (`assets/index-<hash>.js`). */
const isEntryChunk = (fileName: string) => /^assets\/index-[\w-]+\.js$/.test(fileName);

/**
 * The domain package exports TypeScript source under the `source` condition, so it goes first;
 * the rest is Vite's own default client list (module, browser, development|production).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [markdownPlugin(), mantineStylesPlugin(), react(), screenChunksPlugin(`${import.meta.dirname}/src/app/screens.ts`)],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks where that costs no page anything (issue 32, item 3: 95 of 344
        // chunks were under 1 KB): React and Mantine's core (Box, the factories, the styles API,
        // the provider) load with the entry on every page, so each goes in one chunk instead of a
        // dozen small ones. Grouping modules that only some screens use would make other screens
        // load them too; Rolldown has no Rollup-like minimum chunk size, and its inlining of small
        // common chunks needs strict execution order, which added 23 KB to the home page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mantine-core', test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]/ },
          ],
        },
      },
    },
    modulePreload: {
      // Browsers without modulepreload (Safari before 17) only lose the early download.
      polyfill: false,
      // The entry's lazy imports (the screens) go without Vite's table of their chunks: 8 KB
      // gzipped of the first load. A screen's chunks are preloaded from screen-chunks.json instead
      // (src/platform/screen-preload.ts); lazy imports inside the screens keep Vite's preloads.
      resolveDependencies: (_file, deps, { hostId, hostType }) => (hostType === 'js' && isEntryChunk(hostId) ? [] : deps),
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
