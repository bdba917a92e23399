import path from 'node:path';
import type { Config } from '../config';
import { createLocalFileStore } from './local-file-store';
import { createS3FileStore } from './s3-file-store';

/**
 * Where the product keeps the bytes of files (profile photos, compliance documents, generated
 * PDFs): local disk under DATA_DIR/files by default, an S3-compatible store when S3_BUCKET is
 * set. Keys are made by the product (never from a user's file name), so they are safe as paths.
 * Files reach people only through API routes that check who is asking.
 */
export interface FileStore {
  /** Writes the bytes under `key`, replacing whatever was there. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Where the files are, for the start-up log (never a secret). */
  readonly description: string;
}

/** Keys are lower-case letters, digits, '-', '_', '.' and '/' segments: no '..', no leading '/'. */
const KEY_PATTERN = /^(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*$/;

export function assertValidKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new RangeError(`Not a file key: ${JSON.stringify(key)}`);
  }
}

export type FileStoreConfig = Pick<
  Config,
  'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'
>;

/** S3 when S3_BUCKET is set (path-style when S3_ENDPOINT names a compatible service), else local disk. */
export function createFileStore(config: FileStoreConfig): FileStore {
  if (config.S3_BUCKET) {
    return createS3FileStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalFileStore(path.resolve(config.DATA_DIR, 'files'));
}
