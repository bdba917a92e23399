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
  conditions: ['source'],
  external,
  // The domain package uses zod; keep one copy of it, from node_modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
