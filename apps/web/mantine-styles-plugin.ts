import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's stylesheets per component instead of the whole `@mantine/core/styles.css` (issue 32,
 * item 3: 246 KB that blocked the first render, for every component whether a page used it or not).
 *
 * Each module of the app that imports components from `@mantine/core` gets the stylesheets of
 * those components, and of the Mantine components they are built on, imported at its top, so a
 * screen's CSS arrives with the screen's chunk (Mantine documents the per-component files:
 * https://mantine.dev/styles/css-files-list). The global styles and the components most others
 * are built on (`BASE_STYLES`) load with the entry, in Mantine's order, before the rest.
 *
 * The files used are the `.layer.css` ones, which put Mantine's rules in the `mantine` cascade
 * layer: stylesheets of lazily loaded screens arrive in whatever order screens are visited, and
 * in a layer Mantine's rules stay below the app's own (unlayered) CSS modules whatever that order.
 */

/** Global styles, then the components other components are built on (Mantine's own list), in this order. */
export const BASE_STYLES = [
  'baseline',
  'default-css-variables',
  'global',
  'ScrollArea',
  'UnstyledButton',
  'VisuallyHidden',
  'Paper',
  'Popover',
  'CloseButton',
  'Group',
  'Loader',
  'Overlay',
  'ModalBase',
  'Input',
  'InlineInput',
  'Flex',
  'FloatingIndicator',
  'ActionIcon',
] as const;

const styleFile = (name: string) => `@mantine/core/styles/${name}.layer.css`;

/** `import { A, B as C, type D } from '@mantine/core'` (not `import type`), over several lines too. */
const MANTINE_IMPORT = /^import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]@mantine\/core['"];?/gm;
/** An import or re-export of a relative module in Mantine's ESM build. */
const RELATIVE_IMPORT = /(?:import|export)\s*(?:[^'"]*?from\s*)?"(\.{1,2}\/[^"]+\.mjs)"/g;

/** Which stylesheets each export of `@mantine/core` needs, worked out from Mantine's own module graph. */
function mantineStyleIndex() {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('@mantine/core/styles.css'));
  const esmDir = path.join(packageDir, 'esm');
  const styleNames = new Set(
    readdirSync(path.join(packageDir, 'styles'))
      .filter((file) => file.endsWith('.layer.css'))
      .map((file) => file.replace(/\.layer\.css$/, '')),
  );
  const exportsToFile = new Map<string, string>();
  for (const [, names, file] of readFileSync(path.join(esmDir, 'index.mjs'), 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const name of names!.split(',')) {
      const local = name.trim().split(/\s+as\s+/).at(-1);
      if (local) exportsToFile.set(local, path.join(esmDir, file!));
    }
  }

  const stylesOfFile = new Map<string, Set<string>>();
  /** The stylesheets a module of Mantine needs: those of every component directory it reaches. */
  function stylesOf(file: string, visiting = new Set<string>()): Set<string> {
    const known = stylesOfFile.get(file);
    if (known) return known;
    const styles = new Set<string>();
    if (visiting.has(file)) return styles;
    visiting.add(file);
    for (const segment of path.relative(esmDir, file).split(path.sep).slice(0, -1)) {
      if (styleNames.has(segment)) styles.add(segment);
    }
    for (const [, relative] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      for (const style of stylesOf(path.resolve(path.dirname(file), relative!), visiting)) styles.add(style);
    }
    stylesOfFile.set(file, styles);
    return styles;
  }

  const stylesOfExport = (exportName: string): Set<string> => {
    const file = exportsToFile.get(exportName);
    return file ? stylesOf(file) : new Set();
  };
  /**
   * A component's stylesheet after those of the components it is built on (Button after
   * UnstyledButton): those are a strict subset of its own, so fewer comes first.
   */
  const dependencyOrder = (a: string, b: string) => stylesOfExport(a).size - stylesOfExport(b).size || a.localeCompare(b);
  return { stylesOfExport, dependencyOrder };
}

export function mantineStylesPlugin(): Plugin {
  let index: ReturnType<typeof mantineStyleIndex> | undefined;
  const base = new Set<string>(BASE_STYLES);
  return {
    name: 'tendly-mantine-styles',
    enforce: 'pre',
    buildStart() {
      // The entry imports the base stylesheets itself, in this order; the plugin leaves them out.
      const main = readFileSync(path.join(import.meta.dirname, 'src/main.tsx'), 'utf8');
      const expected = BASE_STYLES.map((style) => `import '${styleFile(style)}';`).join('\n');
      if (!main.includes(expected)) this.error(`src/main.tsx must import Mantine's base stylesheets first, in this order:\n${expected}`);
    },
    transform: {
      filter: { id: { include: /\/src\/.*\.tsx?$/, exclude: /node_modules|\.test\.tsx?$/ } },
      handler(code) {
        if (!code.includes('@mantine/core')) return null;
        index ??= mantineStyleIndex();
        const styles = new Set<string>();
        for (const [, names] of code.matchAll(MANTINE_IMPORT)) {
          for (const specifier of names!.split(',')) {
            const name = specifier.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
            if (!name || specifier.trim().startsWith('type ')) continue;
            for (const style of index.stylesOfExport(name)) if (!base.has(style)) styles.add(style);
          }
        }
        if (styles.size === 0) return null;
        const imports = [...styles].sort(index.dependencyOrder).map((style) => `import '${styleFile(style)}';`);
        return { code: `${imports.join('')}${code}`, map: null };
      },
    },
  };
}

