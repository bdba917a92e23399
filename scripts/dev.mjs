// `npm run dev`: the API with reload (tsx watch) on PORT (3000) and the Vite dev server on 5173,
// which proxies /api to the API. Stops both on Ctrl+C.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', '--conditions=source', 'apps/api/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, stopAll);
for (const child of children) child.on('exit', (code) => {
  stopAll();
  process.exitCode = code ?? 0;
});
