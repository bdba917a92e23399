import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE } from '@tendly/domain/compliance';
import { NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { storedFiles } from '../../platform/db/schema/platform';
import { workerProfiles } from '../../platform/db/schema/workers';
import { elfExecutable, imageClaimingSize, multipartBody, windowsExecutable } from '../../test-support/multipart';
import { createTestApp, type TestApp, useTestApp } from '../../test-support/test-app';
import { startTestS3Server, type TestS3Server } from '../../test-support/test-s3-server';
import { createUser, createWorker, sessionFor } from '../auth/test-factories';
import { UNREADABLE_PHOTO } from './photo-image';
import { photoUploadRules } from './photo-service';

const { subject, call, db } = useTestApp();

/** A 1200 × 800 JPEG carrying EXIF with a GPS position and a camera make. */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Tendly Test Camera', ImageDescription: 'Home sweet home' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '151/1 12/1 0/1' },
    })
    .toBuffer();
}

async function uploadPhoto(token: string | undefined, bytes: Buffer, filename = 'me.jpg', contentType = 'image/jpeg', app = subject) {
  const { payload, headers } = multipartBody({}, { bytes, filename, contentType });
  return app.app.inject({ method: 'POST', url: '/api/worker/photo', payload, headers: { ...headers, ...(token ? { 'auth-token': token } : {}) } });
}

async function signedInWorker(status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  const worker = await createWorker(db(), { profileStatus: status });
  return { worker, token: await sessionFor(db(), worker.id) };
}

async function profileOf(workerId: string) {
  const [profile] = await db().select().from(workerProfiles).where(eq(workerProfiles.userId, workerId));
  return profile!;
}

describe('POST /api/worker/photo', () => {
  it('is refused to a visitor (401) and to anyone but a worker (403)', async () => {
    const photo = await jpegWithGps();
    const anonymous = await uploadPhoto(undefined, photo);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: PLEASE_LOGIN });
    for (const role of ['CS', 'ADMIN', 'SUPPORT'] as const) {
      const user = await createUser(db(), { role });
      const response = await uploadPhoto(await sessionFor(db(), user.id), photo);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: NOT_AUTHORIZED });
    }
  });

  it('stores a square WebP of at most 512 pixels with no EXIF or GPS left, for an inactive worker too', async () => {
    const { worker, token } = await signedInWorker('INACTIVE');
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await uploadPhoto(token, original);
    expect(response.statusCode).toBe(200);
    const { avatarUrl } = response.json<{ avatarUrl: string }>();
    expect(avatarUrl).toMatch(/^\/api\/files\/photos\/[0-9a-f-]{36}\.webp$/);

    const profile = await profileOf(worker.id);
    expect(profile.avatarUrl).toBe(avatarUrl);
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, profile.avatarFileId!));
    expect(file).toMatchObject({ ownerUserId: worker.id, purpose: 'PROFILE_PHOTO', contentType: 'image/webp', originalName: 'me.jpg' });
    expect(file!.storageKey).toBe(`photos/${worker.id}/${profile.avatarFileId}.webp`);

    const served = await call('GET', avatarUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.width).toBe(512);
    expect(stored.height).toBe(512);
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Tendly Test Camera'))).toBe(false);
    expect(file!.byteSize).toBe(served.rawPayload.length);
  });

  it('keeps a small photo at its own size, square, with no orientation tag left (it is turned upright first)', async () => {
    const { token } = await signedInWorker();
    // 300 wide, 200 high, stored sideways: orientation 6 means "turn 90° clockwise to view".
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await uploadPhoto(token, sideways);
    expect(response.statusCode).toBe(200);
    const served = await call('GET', response.json<{ avatarUrl: string }>().avatarUrl);
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([200, 200, undefined]);
  });

  it('replaces the previous photo: its row and its bytes are gone', async () => {
    const { worker, token } = await signedInWorker();
    const first = (await uploadPhoto(token, await jpegWithGps())).json<{ avatarUrl: string }>().avatarUrl;
    const firstFileId = (await profileOf(worker.id)).avatarFileId!;
    const [firstFile] = await db().select().from(storedFiles).where(eq(storedFiles.id, firstFileId));
    const png = await sharp({ create: { width: 640, height: 640, channels: 4, background: '#ffffff' } }).png().toBuffer();
    const second = await uploadPhoto(token, png, 'me.png', 'image/png');
    expect(second.statusCode).toBe(200);
    expect(second.json<{ avatarUrl: string }>().avatarUrl).not.toBe(first);
    expect(await db().select().from(storedFiles).where(eq(storedFiles.id, firstFileId))).toEqual([]);
    expect(await subject.app.fileStore.get(firstFile!.storageKey)).toBeNull();
    expect((await call('GET', first)).statusCode).toBe(404);
  });

  it('refuses a program named like a photo (400), judged by its bytes and not its name or claimed type', async () => {
    const { worker, token } = await signedInWorker();
    for (const bytes of [elfExecutable(), windowsExecutable()]) {
      const response = await uploadPhoto(token, bytes, 'holiday.jpg', 'image/jpeg');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: photoUploadRules.wrongTypeMessage, errors: { file: photoUploadRules.wrongTypeMessage } });
    }
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await uploadPhoto(token, pdf, 'me.jpg')).statusCode).toBe(400);
    expect((await profileOf(worker.id)).avatarFileId).toBeNull();
    expect(await db().select().from(storedFiles).where(eq(storedFiles.ownerUserId, worker.id))).toEqual([]);
  });

  it('refuses a photo whose header claims 60,000 × 60,000 pixels (400) before decoding it', async () => {
    const { worker, token } = await signedInWorker();
    for (const format of ['png', 'jpeg'] as const) {
      const response = await uploadPhoto(token, await imageClaimingSize(format, 60_000, 60_000), `me.${format}`, `image/${format}`);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: IMAGE_TOO_LARGE, errors: { file: IMAGE_TOO_LARGE } });
    }
    expect((await profileOf(worker.id)).avatarFileId).toBeNull();
  });

  it('refuses a photo larger than 8 MB with a 413 that says so', async () => {
    const { token } = await signedInWorker();
    const huge = Buffer.concat([await jpegWithGps(), Buffer.alloc(8 * 1024 * 1024, 1)]);
    const response = await uploadPhoto(token, huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: photoUploadRules.tooLargeMessage });
    expect(photoUploadRules.tooLargeMessage).toContain('8 MB');
  });

  it('refuses a request with no file (400) and a damaged picture (400)', async () => {
    const { token } = await signedInWorker();
    const { payload, headers } = multipartBody({ note: 'no file here' });
    const empty = await call('POST', '/api/worker/photo', { token, payload, headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errors: { file: photoUploadRules.missingMessage } });
    const json = await call('POST', '/api/worker/photo', { token, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    const damaged = (await jpegWithGps()).subarray(0, 400);
    const response = await uploadPhoto(token, damaged);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: UNREADABLE_PHOTO });
  });
});

describe('DELETE /api/worker/photo', () => {
  it('is refused to a visitor (401) and to a care seeker (403)', async () => {
    expect((await call('DELETE', '/api/worker/photo')).statusCode).toBe(401);
    const careSeeker = await createUser(db());
    expect((await call('DELETE', '/api/worker/photo', { token: await sessionFor(db(), careSeeker.id) })).statusCode).toBe(403);
  });

  it('removes the photo, its row and its bytes', async () => {
    const { worker, token } = await signedInWorker();
    const url = (await uploadPhoto(token, await jpegWithGps())).json<{ avatarUrl: string }>().avatarUrl;
    const fileId = (await profileOf(worker.id)).avatarFileId!;
    const [file] = await db().select().from(storedFiles).where(eq(storedFiles.id, fileId));
    const response = await call('DELETE', '/api/worker/photo', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ avatarUrl: null });
    expect(await profileOf(worker.id)).toMatchObject({ avatarUrl: null, avatarFileId: null });
    expect(await subject.app.fileStore.get(file!.storageKey)).toBeNull();
    expect((await call('GET', url)).statusCode).toBe(404);
  });
});

describe('GET /api/files/photos/{id}.webp', () => {
  it('is a 404 for an unknown photo and a 400 for an address that is not a photo', async () => {
    expect((await call('GET', '/api/files/photos/00000000-0000-4000-8000-000000000000.webp')).statusCode).toBe(404);
    expect((await call('GET', '/api/files/photos/..%2F..%2Fetc.webp')).statusCode).toBe(400);
  });
});

describe('with the files in S3 (S3_BUCKET set)', () => {
  let s3: TestS3Server;
  let s3App: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3Server('tendly-photos');
    s3App = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  it('an uploaded photo goes to the bucket and comes back through its public address', async () => {
    expect(s3App.app.fileStore.description).toContain(s3.endpoint);
    const worker = await createWorker(s3App.database.db);
    const token = await sessionFor(s3App.database.db, worker.id);
    const response = await uploadPhoto(token, await jpegWithGps(), 'me.jpg', 'image/jpeg', s3App);
    expect(response.statusCode).toBe(200);
    const [profile] = await s3App.database.db.select().from(workerProfiles).where(eq(workerProfiles.userId, worker.id));
    const [file] = await s3App.database.db.select().from(storedFiles).where(eq(storedFiles.id, profile!.avatarFileId!));
    const inBucket = await fetch(`${s3.endpoint}/${s3.bucket}/${file!.storageKey}`);
    // s3rver answers anonymous reads of its objects; the bytes are the stored WebP.
    const served = await s3App.app.inject({ method: 'GET', url: response.json<{ avatarUrl: string }>().avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(inBucket.status).toBe(200);
    expect(Buffer.from(await inBucket.arrayBuffer())).toEqual(served.rawPayload);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});
