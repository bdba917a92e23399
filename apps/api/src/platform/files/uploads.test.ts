import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store';
import { createLocalFileStore } from './local-file-store';
import { newFileKey, storeThenRecord } from './uploads';

let root: string;
let store: FileStore;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tendly-uploads-'));
  store = createLocalFileStore(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('storing an upload', () => {
  it('makes keys of folder, owner and a fresh id', () => {
    const key = newFileKey('documents', '0F8A1C2E-0000-4000-8000-000000000001', 'PDF');
    expect(key).toMatch(/^documents\/0f8a1c2e-0000-4000-8000-000000000001\/[0-9a-f-]{36}\.pdf$/);
    expect(newFileKey('documents', 'a', 'pdf')).not.toBe(newFileKey('documents', 'a', 'pdf'));
  });

  it('keeps the bytes when the rows are written', async () => {
    const key = newFileKey('documents', 'owner', 'pdf');
    const result = await storeThenRecord(store, { key, bytes: Buffer.from('%PDF'), contentType: 'application/pdf' }, async () => 'row-id');
    expect(result).toBe('row-id');
    expect((await store.get(key))?.toString()).toBe('%PDF');
  });

  it('deletes the bytes again when writing the rows fails, and passes the failure on', async () => {
    const key = newFileKey('documents', 'owner', 'pdf');
    const failure = new Error('the database said no');
    let sawFile = false;
    await expect(
      storeThenRecord(store, { key, bytes: Buffer.from('%PDF'), contentType: 'application/pdf' }, async () => {
        sawFile = (await store.get(key)) !== null;
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(sawFile).toBe(true);
    expect(await store.get(key)).toBeNull();
  });
});
