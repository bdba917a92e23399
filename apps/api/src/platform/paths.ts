import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found by walking up from this module to the folder holding `apps/api`.
 * Works both from source (tsx, vitest) and from the bundle in apps/api/dist.
 */
function findRepoRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'apps/api/package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root from ' + import.meta.url);
    dir = parent;
  }
}

export const repoRoot = findRepoRoot();
export const apiRoot = path.join(repoRoot, 'apps/api');
export const migrationsDir = path.join(apiRoot, 'drizzle');
/** Reference data both apps read (the NDIS support items catalogue); the domain package exports it. */
export const domainDataDir = path.join(repoRoot, 'packages/domain/data');
