// Builds what is out of date: the web app (Vite) and the API bundle (esbuild). A build is out of
// date when any of its inputs changed since the last build; a stamp file in each dist folder holds
// a fingerprint of the inputs (paths, sizes and modification times). `--force` rebuilds both.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['packages/domain/src', 'packages/domain/data', 'packages/domain/package.json', 'package-lock.json'];

const targets = [
  {
    name: 'web app',
    cwd: 'apps/web',
    command: ['node_modules/.bin/vite', 'build', '--logLevel', 'warn'],
    // The served bundle is always React's production build. Vite honours a NODE_ENV already in
    // the environment, so `NODE_ENV=development npm start` used to serve React's development
    // build (jsx-dev-runtime, the DevTools banner, extra checks on every render).
    env: { NODE_ENV: 'production' },
    inputs: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/screen-chunks-plugin.ts', 'apps/web/mantine-styles-plugin.ts', 'apps/web/markdown-plugin.ts', 'apps/web/package.json', ...shared],
    output: 'apps/web/dist',
    afterBuild: () => precompress(path.join(root, 'apps/web/dist')),
  },
  {
    name: 'API',
    cwd: 'apps/api',
    command: ['node', 'build.mjs'],
    inputs: ['apps/api/src', 'apps/api/build.mjs', 'apps/api/package.json', ...shared],
    output: 'apps/api/dist',
  },
];

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

/**
 * Writes `.br` and `.gz` beside every compressible file of the built web app, at the highest
 * levels (done once per build, not per request); the API serves them with @fastify/static's
 * `preCompressed`. Small files, and files that would not shrink, are left alone.
 */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(full);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const content = readFileSync(full);
    if (content.length < 1024) continue;
    const br = brotliCompressSync(content, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gz = gzipSync(content, { level: 9 });
    if (br.length < content.length) writeFileSync(`${full}.br`, br);
    if (gz.length < content.length) writeFileSync(`${full}.gz`, gz);
  }
}

function* files(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    yield [entry, stat];
    return;
  }
  for (const child of readdirSync(full).sort()) {
    if (child === 'node_modules' || child === 'dist') continue;
    yield* files(path.join(entry, child));
  }
}

function fingerprint(inputs) {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const [file, stat] of files(input)) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest('hex');
}

export function buildOutOfDate({ force = false } = {}) {
  for (const target of targets) {
    const stampPath = path.join(root, target.output, '.build-stamp');
    const wanted = fingerprint(target.inputs);
    const current = existsSync(stampPath) ? readFileSync(stampPath, 'utf8') : '';
    if (!force && current === wanted) continue;
    const started = Date.now();
    process.stdout.write(`Building the ${target.name}...\n`);
    const [command, ...args] = target.command;
    const bin = command === 'node' ? process.execPath : path.join(root, command);
    const result = spawnSync(bin, args, {
      cwd: path.join(root, target.cwd),
      stdio: 'inherit',
      env: { ...process.env, ...target.env },
    });
    if (result.status !== 0) throw new Error(`Building the ${target.name} failed.`);
    target.afterBuild?.();
    writeFileSync(stampPath, wanted);
    process.stdout.write(`Built the ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    buildOutOfDate({ force: process.argv.includes('--force') });
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
