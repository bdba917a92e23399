import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStoreContract } from './file-store-contract';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';

let root: string;
let store: FileStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tendly-files-'));
  store = createLocalFileStore(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the local file store', () => {
  fileStoreContract(() => store);

  it('leaves no partial files behind', async () => {
    await store.put('partial/a.bin', Buffer.alloc(1024, 7), 'application/octet-stream');
    expect(await readdir(path.join(root, 'partial'))).toEqual(['a.bin']);
  });
});
