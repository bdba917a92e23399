import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertValidKey, type FileStore } from './file-store';
import { systemErrorCode } from '../system-error-code';

/**
 * Files on local disk. A write goes to a temporary file first and is renamed into place, so a
 * process killed half-way leaves either the old file or the new one, never half of one.
 */
export function createLocalFileStore(root: string): FileStore {
  const fullPath = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    description: `local disk (${root})`,
    async put(key, bytes) {
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.partial`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      try {
        return await readFile(fullPath(key));
      } catch (error) {
        if (systemErrorCode(error) === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fullPath(key), { force: true });
    },
  };
}
