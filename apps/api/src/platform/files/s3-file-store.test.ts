import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test-support/test-s3-server';
import { fileStoreContract } from './file-store-contract';
import type { FileStore } from './file-store';
import { createFileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

let server: TestS3Server;
let store: FileStore;

beforeAll(async () => {
  server = await startTestS3Server();
  store = createS3FileStore({
    bucket: server.bucket,
    region: 'us-east-1',
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
  });
});
afterAll(() => server?.close());

describe('the S3 file store, against a real S3-compatible server', () => {
  fileStoreContract(() => store);

  it('is the store the app chooses when S3_BUCKET is set, and it says where the files are', async () => {
    const chosen = createFileStore({
      DATA_DIR: '/nowhere',
      S3_BUCKET: server.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    });
    expect(chosen.description).toBe(`S3 bucket (${server.endpoint}/${server.bucket})`);
    await chosen.put('chosen/file.txt', Buffer.from('from the app'), 'text/plain');
    expect((await store.get('chosen/file.txt'))?.toString()).toBe('from the app');
  });
});
