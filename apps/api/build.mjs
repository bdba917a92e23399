// Bundles the API into dist/server.js. Our own workspace packages (TypeScript source) are bundled
// in; every npm dependency stays external and is loaded from node_modules at run time.
// `node build.mjs --outfile=<path>` writes it elsewhere (a test's own copy; somewhere under
// apps/api, so that node_modules is found from it).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

const outfile = process.argv.find((arg) => arg.startsWith('--outfile='))?.slice('--outfile='.length) ?? 'dist/server.js';

await build({
  entryPoints: ['src/server.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The map only has to turn a stack trace's line into our file and line (--enable-source-maps).
  // With the sources inside it, Node holds all 600 of them in the heap for as long as the process
  // runs (issue 33: 7 MB of the default start's V8 heap); the files are in the repository.
  sourcesContent: false,
  // V8 keeps the bundle's whole source in the heap, and in two bytes a character once one character
  // is beyond Latin-1 (a dash in a comment did it): without comments or indentation and all ASCII,
  // it takes 3 MB rather than 8 (issue 33). Stack traces still point into our files (the map).
  minifyWhitespace: true,
  charset: 'ascii',
  conditions: ['source'],
  external,
  // The domain package uses zod; keep one copy of it, from node_modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

// esbuild escapes what is beyond ASCII in strings but not in regular expressions: name such a
// character by its code there (/\u2019/ for a curly apostrophe).
const bundle = readFileSync(outfile, 'latin1');
const beyondAscii = /[^\t\n\r\x20-\x7e]/.exec(bundle);
if (beyondAscii) {
  const around = bundle.slice(Math.max(0, beyondAscii.index - 60), beyondAscii.index + 20);
  throw new Error(`${outfile} is not all ASCII, which doubles the memory its source takes; near: ${around}`);
}
