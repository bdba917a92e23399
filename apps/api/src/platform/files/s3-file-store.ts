import type * as S3 from '@aws-sdk/client-s3';
import { assertValidKey, type FileStore } from './file-store';
import { loadOnce } from '../load-once';

export interface S3FileStoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Cloudflare R2, s3rver): addressed by path, not by bucket host name. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/**
 * Files in an S3 bucket (or any S3-compatible store). Keys are checked as for the local store,
 * so one key means the same file wherever the bytes live. An object is written in one request:
 * S3 never shows half of a PUT.
 *
 * The AWS SDK loads with the first file stored or read rather than at start: about 22 MB resident
 * (issue 33), and a process may serve for long without touching a file.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const connect: () => Promise<{ sdk: typeof S3; client: S3.S3Client }> = loadOnce(async () => {
    const sdk = await import('@aws-sdk/client-s3');
    return {
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.accessKeyId && options.secretAccessKey
          ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
          : {}),
      }),
    };
  });
  const where = options.endpoint ? `${options.endpoint.replace(/\/+$/, '')}/${options.bucket}` : `s3://${options.bucket}`;
  return {
    description: `S3 bucket (${where})`,
    async put(key, bytes, contentType) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: options.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(key) {
      assertValidKey(key);
      const { sdk, client } = await connect();
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key: key }));
    },
  };
}
