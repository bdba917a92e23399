import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
// By path, not by package name: Vite loads its config with Node, which would take the package's
// export of TypeScript source as it is; a relative import is bundled with the config instead.
import { markdownDocument } from '../../packages/domain/src/markdown-to-tree.ts';

/** `import page from './page.md?tree'` (or `import.meta.glob` with `query: '?tree'`). */
const TREE_QUERY = /\.md\?tree$/;

/**
 * Renders the app's Markdown files when it is built (issue 32, item 3): a `.md?tree` import is
 * the file's front matter and its sanitised tree (`MarkdownDocument`, @tendly/domain/markdown),
 * which markdown-content.tsx turns into React elements. The browser no longer downloads a
 * Markdown parser (react-markdown and its plugins were 49 KB gzipped for every policy page).
 */
export function markdownPlugin(): Plugin {
  return {
    name: 'tendly-markdown',
    enforce: 'pre',
    load(id) {
      if (!TREE_QUERY.test(id)) return null;
      const file = id.replace(/\?tree$/, '');
      this.addWatchFile(file);
      return { code: `export default ${JSON.stringify(markdownDocument(readFileSync(file, 'utf8')))};`, map: null };
    },
  };
}
