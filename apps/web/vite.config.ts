import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { mantineStylesPlugin } from './mantine-styles-plugin.ts';
import { screenChunksPlugin } from './screen-chunks-plugin.ts';

/**
 * The domain package exports TypeScript source under the `source` condition, so it goes first;
 * the rest is Vite's own default client list (module, browser, development|production).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [mantineStylesPlugin(), react(), screenChunksPlugin(`${import.meta.dirname}/src/app/screens.ts`)],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
