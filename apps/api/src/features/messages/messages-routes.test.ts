import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_BLOCKED_MESSAGE,
  CONVERSATION_NOT_FOUND_MESSAGE,
  conversationListSchema,
  EVENT_STREAMS_PER_USER,
  conversationSchema,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  messageAttachmentSchema,
  messagePageSchema,
  messageSchema,
  STREAM_REPLACED_EVENT,
  unreadCountSchema,
} from '@tendly/domain/api/conversations';
import { inboxItemDetailSchema } from '@tendly/domain/api/admin';
import { IMAGE_TOO_LARGE } from '@tendly/domain/compliance';
import { INACTIVE_PROFILE, NOT_AUTHORIZED, PLEASE_LOGIN } from '@tendly/domain/errors';
import { UNSAFE_TEXT_MESSAGE } from '@tendly/domain/validation/safe-text';
import { conversations, messageAttachments, messages } from '../../platform/db/schema/engagements';
import { workerProfiles } from '../../platform/db/schema/workers';
import { jobApplications } from '../../platform/db/schema/jobs';
import { auditEvents, backgroundJobs, storedFiles } from '../../platform/db/schema/platform';
import { uuidFromKey } from '../../platform/jobs/job-queue';
import { formSubmissions } from '../../platform/db/schema/public-site';
import { HEARTBEAT_MS } from '../../platform/realtime/event-stream';
import { elfExecutable, imageClaimingSize, multipartBody } from '../../test-support/multipart';
import { createTestApp, useTestApp } from '../../test-support/test-app';
import { signedIn } from '../../test-support/signed-in-users';
import { createCoordinator, createUser, createWorker, linkClient, outboxOf, requester, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient, postJob } from '../jobs/test-jobs';
import { pdfBytes } from '../worker-documents/test-documents';
import { BEFORE_NOT_IN_CONVERSATION, BLOCKED_BY_OTHER_SIDE, PERSON_NOT_FOUND, UNREAD_EMAIL_JOB } from './conversations-service';
import { MESSAGES_PER_MINUTE } from './messages-routes';
import { listenOnRandomPort, openSse } from './test-sse';
import { EXCERPT_LENGTH, sendUnreadEmail } from './unread-email-job';
import { deleteUnsentAttachments, scheduleUnsentAttachmentsCleanup, UNSENT_ATTACHMENTS_JOB } from './unsent-attachments-job';

const { subject, call, db } = useTestApp({ database: { referenceData: true } });
let listening: Promise<string> | undefined;
const baseUrl = () => (listening ??= listenOnRandomPort(subject.app));

async function careSeeker(firstName = 'Gloria') {
  const user = await createUser(db(), { firstName, lastName: 'Mendes' });
  return signedIn(db(), user);
}

async function worker(firstName = 'Wren', profileStatus: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
  const user = await createWorker(db(), { profileStatus, user: { firstName, lastName: 'Walker' } });
  return signedIn(db(), user);
}

async function start(token: string, withUserId: string) {
  return call('POST', '/api/conversations', { token, payload: { withUserId } });
}

/** A care seeker and a worker with a conversation the care seeker started. */
async function pair() {
  const cs = await careSeeker();
  const cr = await worker();
  const response = await start(cs.token, cr.user.id);
  expect(response.statusCode, response.body).toBe(201);
  return { cs, cr, conversation: conversationSchema.parse(response.json()) };
}

function send(token: string, conversationId: string, text: string, attachmentIds: string[] = []) {
  return call('POST', `/api/conversations/${conversationId}/messages`, { token, payload: { text, attachmentIds } });
}

async function sent(token: string, conversationId: string, text: string, attachmentIds: string[] = []) {
  const response = await send(token, conversationId, text, attachmentIds);
  expect(response.statusCode, response.body).toBe(201);
  return messageSchema.parse(response.json());
}

function upload(token: string, conversationId: string, bytes: Buffer, filename = 'care-plan.pdf') {
  const body = multipartBody({}, { bytes, filename });
  return subject.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/attachments`,
    payload: body.payload,
    headers: { ...body.headers, 'auth-token': token },
  });
}

async function uploaded(token: string, conversationId: string, text = 'A care plan') {
  const response = await upload(token, conversationId, pdfBytes(text));
  expect(response.statusCode, response.body).toBe(201);
  return messageAttachmentSchema.parse(response.json());
}

describe('who may use messages', () => {
  it('asks a visitor to sign in and refuses coordinators not acting for a client and inactive workers', async () => {
    const { conversation } = await pair();
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', `/api/conversations/${conversation.id}/messages`],
      ['GET', '/api/events'],
      ['GET', '/api/unread-messages'],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBe(PLEASE_LOGIN);
    }
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    expect((await call('GET', '/api/conversations', { token: coordinator })).json()).toMatchObject({ message: NOT_AUTHORIZED });
    expect((await send(coordinator, conversation.id, 'Hello')).statusCode).toBe(403);

    const inactive = await worker('Ina', 'INACTIVE');
    // The live stream and the header's count too: they carry what the Messages screen shows.
    for (const response of [
      await call('GET', '/api/conversations', { token: inactive.token }),
      await start(inactive.token, conversation.careSeekerId),
      await call('GET', '/api/unread-messages', { token: inactive.token }),
      await call('GET', '/api/events', { token: inactive.token }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: INACTIVE_PROFILE, code: 'INACTIVE_PROFILE' });
    }
    // Other signed-in people keep their count (an administrator, a coordinator not acting).
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    for (const token of [admin, coordinator]) expect((await call('GET', '/api/unread-messages', { token })).statusCode).toBe(200);
  });

  it('lets only the two sides, a coordinator acting for the care seeker and an administrator read a conversation: anyone else gets a 404', async () => {
    const { cs, cr, conversation } = await pair();
    await sent(cs.token, conversation.id, 'Hello Wren');
    const strangerSeeker = await careSeeker('Stella');
    const otherWorker = await worker('Otto');
    // The worker's other client, with a conversation of their own with the same worker.
    const otherClient = await careSeeker('Olive');
    expect((await start(otherClient.token, cr.user.id)).statusCode).toBe(201);
    // A coordinator acting for someone else.
    const { aliasToken: unlinkedAlias } = await coordinatorActingForClient(db(), call);
    for (const token of [strangerSeeker.token, otherWorker.token, otherClient.token, unlinkedAlias]) {
      for (const url of [`/api/conversations/${conversation.id}`, `/api/conversations/${conversation.id}/messages`]) {
        const response = await call('GET', url, { token });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().message).toBe(CONVERSATION_NOT_FOUND_MESSAGE);
      }
      expect((await send(token, conversation.id, 'Let me in')).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${conversation.id}/read`, { token })).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${conversation.id}/block`, { token })).statusCode).toBe(404);
      expect((await call('POST', `/api/conversations/${conversation.id}/report`, { token, payload: { reason: 'x' } })).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/conversations/not-a-uuid', { token: cs.token })).statusCode).toBe(400);
    expect((await call('GET', '/api/conversations/6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a', { token: cs.token })).statusCode).toBe(404);

    const admin = await createUser(db(), { role: 'ADMIN' });
    const adminToken = await sessionFor(db(), admin.id);
    const read = await call('GET', `/api/conversations/${conversation.id}/messages`, { token: adminToken });
    expect(read.statusCode).toBe(200);
    expect(messagePageSchema.parse(read.json()).messages).toHaveLength(1);
    expect(conversationSchema.parse((await call('GET', `/api/conversations/${conversation.id}`, { token: adminToken })).json()).withPerson.id).toBe(cr.user.id);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, admin.id), eq(auditEvents.action, 'conversation.admin_viewed')));
    expect(audited.map((event) => event.targetId)).toEqual([conversation.id, conversation.id]);
    // Read-only: an administrator cannot write, mark read or block.
    expect((await send(adminToken, conversation.id, 'Admin here')).statusCode).toBe(403);
    expect((await call('POST', `/api/conversations/${conversation.id}/block`, { token: adminToken })).statusCode).toBe(403);
  });

  it('refuses a linked coordinator who is not acting for the client (403)', async () => {
    const { cs, conversation } = await pair();
    const coordinator = await createCoordinator(db());
    await linkClient(db(), coordinator.id, cs.user.id);
    const response = await call('GET', `/api/conversations/${conversation.id}`, { token: await sessionFor(db(), coordinator.id) });
    expect(response.statusCode).toBe(403);
  });

  it('lets a coordinator acting for the care seeker read and write as the client, recording who wrote it', async () => {
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    const cr = await worker();
    const conversation = conversationSchema.parse((await start(aliasToken, cr.user.id)).json());
    expect(conversation.careSeekerId).toBe(client.id);
    const message = await sent(aliasToken, conversation.id, 'Hello from Clara’s coordinator');
    expect(message).toMatchObject({ senderId: client.id, sentByCoordinatorName: `${coordinator.firstName} ${coordinator.lastName}` });
    const [row] = await db().select().from(messages).where(eq(messages.id, message.id));
    expect(row).toMatchObject({ senderId: client.id, actedByUserId: coordinator.id });
    const fromClient = await sent(await sessionFor(db(), client.id), conversation.id, 'And hello from me');
    expect(fromClient.sentByCoordinatorName).toBeNull();
  });
});

describe('starting a conversation', () => {
  it('answers the existing one for the same pair, even when both ask at once', { tags: ['drivers'] }, async () => {
    const cs = await careSeeker();
    const cr = await worker();
    const [one, two] = await Promise.all([start(cs.token, cr.user.id), start(cs.token, cr.user.id)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.json().id).toBe(two.json().id);
    const again = await start(cs.token, cr.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(one.json().id);
    const rows = await db().select().from(conversations).where(eq(conversations.careSeekerId, cs.user.id));
    expect(rows).toHaveLength(1);
    expect(conversationSchema.parse(again.json())).toMatchObject({
      withPerson: { id: cr.user.id, role: 'CR', firstName: 'Wren', lastName: 'W' },
      lastMessage: null,
      unreadCount: 0,
      blocked: null,
    });
  });

  it('lets a care seeker start one only with a listed worker', async () => {
    const cs = await careSeeker();
    const inactive = await worker('Ina', 'INACTIVE');
    const otherSeeker = await careSeeker('Stella');
    for (const id of [inactive.user.id, otherSeeker.user.id, cs.user.id, '6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a']) {
      const response = await start(cs.token, id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe(PERSON_NOT_FOUND);
    }
    expect((await start(cs.token, 'nope')).statusCode).toBe(400);
  });

  it('lets a worker start one only with a care seeker whose job they applied to', async () => {
    const cs = await careSeeker();
    const cr = await worker();
    expect((await start(cr.token, cs.user.id)).statusCode).toBe(404);
    const job = await postJob(call, cs.token, { disableWorkerNotification: true });
    await db().insert(jobApplications).values({ jobId: job.id, workerId: cr.user.id, message: 'I would love to help your mum.' });
    const response = await start(cr.token, cs.user.id);
    expect(response.statusCode).toBe(201);
    expect(conversationSchema.parse(response.json())).toMatchObject({ careSeekerId: cs.user.id, workerId: cr.user.id, withPerson: { id: cs.user.id, role: 'CS', avatarUrl: null } });
    // Another worker is not the care seeker's applicant.
    expect((await start((await worker('Otto')).token, cs.user.id)).statusCode).toBe(404);
  });
});

describe('messages', () => {
  it('pages newest first with before and limit, and refuses a before of another conversation', async () => {
    const { cs, conversation } = await pair();
    const texts = ['one', 'two', 'three', 'four', 'five'];
    for (const text of texts) await sent(cs.token, conversation.id, text);
    const url = `/api/conversations/${conversation.id}/messages`;
    const first = messagePageSchema.parse((await call('GET', `${url}?limit=2`, { token: cs.token })).json());
    expect(first.messages.map((message) => message.text)).toEqual(['five', 'four']);
    expect(first.allLoaded).toBe(false);
    const second = messagePageSchema.parse((await call('GET', `${url}?limit=2&before=${first.messages[1]!.id}`, { token: cs.token })).json());
    expect(second.messages.map((message) => message.text)).toEqual(['three', 'two']);
    const last = messagePageSchema.parse((await call('GET', `${url}?limit=2&before=${second.messages[1]!.id}`, { token: cs.token })).json());
    expect(last).toMatchObject({ messages: [{ text: 'one' }], allLoaded: true });

    const other = await pair();
    const elsewhere = await sent(other.cs.token, other.conversation.id, 'elsewhere');
    const refused = await call('GET', `${url}?before=${elsewhere.id}`, { token: cs.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(BEFORE_NOT_IN_CONVERSATION);
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'before=nope']) {
      expect((await call('GET', `${url}?${query}`, { token: cs.token })).statusCode, query).toBe(400);
    }
  });

  it('skips no message written in the same instant as the cursor: two messages with one created_at, a page of one each', async () => {
    const { cs, cr, conversation } = await pair();
    // Microseconds, as clock_timestamp() writes them: the old cursor cut them to milliseconds.
    const sameInstant = sql`'2026-11-20T01:00:00.123456Z'::timestamptz`;
    const inserted = await db()
      .insert(messages)
      .values([
        { conversationId: conversation.id, senderId: cs.user.id, actedByUserId: cs.user.id, body: 'first of a pair', createdAt: sameInstant },
        { conversationId: conversation.id, senderId: cr.user.id, actedByUserId: cr.user.id, body: 'second of a pair', createdAt: sameInstant },
      ])
      .returning({ id: messages.id });
    expect(inserted).toHaveLength(2);
    const url = `/api/conversations/${conversation.id}/messages`;
    const seen: string[] = [];
    let before: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const answer = messagePageSchema.parse((await call('GET', `${url}?limit=1${before ? `&before=${before}` : ''}`, { token: cs.token })).json());
      seen.push(...answer.messages.map((message) => message.text));
      if (answer.allLoaded) break;
      before = answer.messages.at(-1)?.id;
    }
    expect(seen.sort()).toEqual(['first of a pair', 'second of a pair']);
    // Newest first on (created_at, id): the larger id comes first.
    const [larger] = inserted.map((row) => row.id).sort().reverse();
    const firstPage = messagePageSchema.parse((await call('GET', `${url}?limit=1`, { token: cs.token })).json());
    expect(firstPage.messages[0]?.id).toBe(larger);
  });

  it('takes 1 to 5,000 characters of safe text', async () => {
    const { cs, conversation } = await pair();
    const cases: [string, string][] = [
      ['', MESSAGE_REQUIRED],
      ['   \n  ', MESSAGE_REQUIRED],
      ['x'.repeat(5001), MESSAGE_TOO_LONG],
      ['Hello\u0000there', UNSAFE_TEXT_MESSAGE],
    ];
    for (const [text, expected] of cases) {
      const response = await send(cs.token, conversation.id, text);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(expected);
    }
    expect((await call('POST', `/api/conversations/${conversation.id}/messages`, { token: cs.token, payload: {} })).statusCode).toBe(400);
    expect((await sent(cs.token, conversation.id, 'y'.repeat(5000))).text).toHaveLength(5000);
    expect((await sent(cs.token, conversation.id, '  Trimmed  ')).text).toBe('Trimmed');
  });

  it('counts unread messages per side and marks them read', async () => {
    const { cs, cr, conversation } = await pair();
    await sent(cr.token, conversation.id, 'Hi Gloria');
    await sent(cr.token, conversation.id, 'Are Tuesdays good?');
    await sent(cs.token, conversation.id, 'Yes, Tuesdays');
    const unread = async (token: string) => unreadCountSchema.parse((await call('GET', '/api/unread-messages', { token })).json()).unreadTotal;
    expect(await unread(cs.token)).toBe(2);
    expect(await unread(cr.token)).toBe(1);
    const list = conversationListSchema.parse((await call('GET', '/api/conversations', { token: cs.token })).json());
    expect(list.unreadTotal).toBe(2);
    expect(list.conversations[0]).toMatchObject({ id: conversation.id, unreadCount: 2, lastMessage: { text: 'Yes, Tuesdays' } });

    const read = await call('POST', `/api/conversations/${conversation.id}/read`, { token: cs.token });
    expect(read.json()).toEqual({ unreadTotal: 0 });
    expect(await unread(cs.token)).toBe(0);
    expect(await unread(cr.token)).toBe(1);
  });

  it('lists the newest activity first', async () => {
    const cs = await careSeeker();
    const [a, b] = [await worker('Ava'), await worker('Bea')];
    const withA = conversationSchema.parse((await start(cs.token, a.user.id)).json());
    const withB = conversationSchema.parse((await start(cs.token, b.user.id)).json());
    await sent(cs.token, withB.id, 'to Bea');
    await sent(cs.token, withA.id, 'to Ava');
    const list = conversationListSchema.parse((await call('GET', '/api/conversations', { token: cs.token })).json());
    expect(list.conversations.map((conversation) => conversation.id)).toEqual([withA.id, withB.id]);
  });

  it(`allows ${MESSAGES_PER_MINUTE} messages a minute per person, then a 429 saying when to try again`, async () => {
    const { cs, conversation } = await pair();
    for (let i = 0; i < MESSAGES_PER_MINUTE; i += 1) await sent(cs.token, conversation.id, `message ${i}`);
    const refused = await send(cs.token, conversation.id, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^You have sent 30 messages in the last minute\. Please wait \d+ seconds?/) });
  });
});

describe('attachments', () => {
  it('stores a PDF or picture for the uploader, sends it with a message, and serves it to the two sides only', async () => {
    const { cs, cr, conversation } = await pair();
    const attachment = await uploaded(cs.token, conversation.id);
    expect(attachment).toMatchObject({ name: 'care-plan.pdf', contentType: 'application/pdf' });
    const fileUrl = `/api/conversations/${conversation.id}/attachments/${attachment.id}`;
    // Not sent yet: the other side cannot fetch it.
    expect((await call('GET', fileUrl, { token: cr.token })).statusCode).toBe(404);
    const message = await sent(cs.token, conversation.id, 'Here is the care plan', [attachment.id]);
    expect(message.attachments).toEqual([attachment]);

    const download = await call('GET', fileUrl, { token: cr.token });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="care-plan.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(pdfBytes('A care plan'))).toBe(true);
    const stranger = await careSeeker('Stella');
    expect((await call('GET', fileUrl, { token: stranger.token })).statusCode).toBe(404);

    // A sent attachment cannot be sent again.
    const reused = await send(cs.token, conversation.id, 'Again', [attachment.id]);
    expect(reused.statusCode).toBe(400);
  });

  it('refuses the wrong type, a file too large, a picture claiming 60,000 × 60,000 pixels, someone else’s upload and another conversation’s', async () => {
    const { cs, cr, conversation } = await pair();
    const wrongType = await upload(cs.token, conversation.id, elfExecutable(), 'plan.pdf');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Please attach a PDF, JPEG, PNG or WebP file.');
    const tooBig = await upload(cs.token, conversation.id, Buffer.concat([pdfBytes(), Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooBig.statusCode).toBe(413);
    for (const format of ['png', 'jpeg'] as const) {
      const bomb = await upload(cs.token, conversation.id, await imageClaimingSize(format, 60_000, 60_000), `photo.${format}`);
      expect(bomb.statusCode, bomb.body).toBe(400);
      expect(bomb.json()).toMatchObject({ message: IMAGE_TOO_LARGE, errors: { file: IMAGE_TOO_LARGE } });
    }
    const small = await upload(cs.token, conversation.id, await imageClaimingSize('png', 4_000, 3_000), 'photo.png');
    expect(small.statusCode, small.body).toBe(201);

    const workersFile = await uploaded(cr.token, conversation.id);
    expect((await send(cs.token, conversation.id, 'Not mine', [workersFile.id])).statusCode).toBe(400);
    const other = await pair();
    const elsewhere = await uploaded(other.cs.token, other.conversation.id);
    expect((await send(other.cs.token, conversation.id, 'Wrong place', [elsewhere.id])).statusCode).toBe(404);
    const mine = await uploaded(cs.token, conversation.id);
    expect((await send(cs.token, conversation.id, 'Twice', [mine.id, mine.id])).statusCode).toBe(400);
    expect((await send(cs.token, conversation.id, 'Unknown', ['6f1c2b1e-8a0b-4c55-9a77-1f0e2d3c4b5a'])).statusCode).toBe(400);
    // Nothing was sent by the refused attempts, and the file is still free to send.
    expect((await sent(cs.token, conversation.id, 'Now properly', [mine.id])).attachments).toHaveLength(1);
    const page = messagePageSchema.parse((await call('GET', `/api/conversations/${conversation.id}/messages`, { token: cs.token })).json());
    expect(page.messages.map((message) => message.text)).toEqual(['Now properly']);
    // A stranger cannot upload into it.
    expect((await upload((await careSeeker('Stella')).token, conversation.id, pdfBytes())).statusCode).toBe(404);
  });
});

describe('attachments never sent', () => {
  it('are deleted, rows and bytes, a day after their upload; sent ones and newer ones stay', async () => {
    const { cs, cr, conversation } = await pair();
    const stale = await uploaded(cs.token, conversation.id, 'Never sent');
    const fresh = await uploaded(cr.token, conversation.id, 'Not sent yet');
    const sentFile = await uploaded(cs.token, conversation.id, 'Sent');
    await sent(cs.token, conversation.id, 'Here it is', [sentFile.id]);
    const dayAgo = new Date(Date.now() - 25 * 3_600_000);
    for (const id of [stale.id, sentFile.id]) await db().update(messageAttachments).set({ createdAt: dayAgo }).where(eq(messageAttachments.fileId, id));
    const keyOf = async (id: string) => (await db().select({ key: storedFiles.storageKey }).from(storedFiles).where(eq(storedFiles.id, id)))[0]?.key;
    const staleKey = (await keyOf(stale.id))!;
    expect(await subject.app.fileStore.get(staleKey)).not.toBeNull();

    expect(await deleteUnsentAttachments(db(), subject.app.fileStore)).toEqual({ deleted: 1, bytesLeft: [] });
    expect(await db().select().from(messageAttachments).where(eq(messageAttachments.fileId, stale.id))).toEqual([]);
    expect(await keyOf(stale.id)).toBeUndefined();
    expect(await subject.app.fileStore.get(staleKey)).toBeNull();
    for (const kept of [fresh.id, sentFile.id]) expect(await subject.app.fileStore.get((await keyOf(kept))!)).not.toBeNull();
    // The uploader can no longer send it; the next run finds nothing.
    expect((await send(cs.token, conversation.id, 'Late', [stale.id])).statusCode).toBe(400);
    expect(await deleteUnsentAttachments(db(), subject.app.fileStore)).toEqual({ deleted: 0, bytesLeft: [] });
  });

  it('runs as a daily job on the queue: each day’s run once, and each run queues the next', async () => {
    const day = '2031-06-15';
    expect(await scheduleUnsentAttachmentsCleanup(db(), day)).toBe(true);
    expect(await scheduleUnsentAttachmentsCleanup(db(), day)).toBe(false);
    const [job] = await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, uuidFromKey(`${UNSENT_ATTACHMENTS_JOB}:${day}`)));
    // 4 am in Sydney (AEST, UTC+10 in June).
    expect(job?.runAt.toISOString()).toBe('2031-06-14T18:00:00.000Z');
    const handler = subject.app.jobHandlers[UNSENT_ATTACHMENTS_JOB];
    expect(handler).toBeDefined();
    await handler!({ day }, { db: db(), jobId: job!.id, type: UNSENT_ATTACHMENTS_JOB, attempt: 1, maxAttempts: null, isLastAttempt: false, signal: new AbortController().signal, logger: subject.app.log });
    expect(await db().select().from(backgroundJobs).where(eq(backgroundJobs.id, uuidFromKey(`${UNSENT_ATTACHMENTS_JOB}:2031-06-16`)))).toHaveLength(1);
  });
});

describe('blocking and reporting', () => {
  it('stops messages both ways until the one who blocked unblocks', async () => {
    const { cs, cr, conversation } = await pair();
    const block = await call('POST', `/api/conversations/${conversation.id}/block`, { token: cs.token });
    expect(block.statusCode).toBe(200);
    expect(conversationSchema.parse(block.json()).blocked).toBe('ME');
    expect(conversationSchema.parse((await call('GET', `/api/conversations/${conversation.id}`, { token: cr.token })).json()).blocked).toBe('THEM');
    for (const token of [cr.token, cs.token]) {
      const refused = await send(token, conversation.id, 'Hello?');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: CONVERSATION_BLOCKED_MESSAGE, code: 'CONVERSATION_BLOCKED' });
      // Nor does it take files for a message: no upload is stored.
      const file = await upload(token, conversation.id, pdfBytes());
      expect(file.statusCode).toBe(409);
      expect(file.json()).toMatchObject({ message: CONVERSATION_BLOCKED_MESSAGE, code: 'CONVERSATION_BLOCKED' });
    }
    expect(await db().select().from(messageAttachments).where(eq(messageAttachments.conversationId, conversation.id))).toEqual([]);
    for (const method of ['POST', 'DELETE'] as const) {
      const refused = await call(method, `/api/conversations/${conversation.id}/block`, { token: cr.token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(BLOCKED_BY_OTHER_SIDE);
    }
    // Blocking again is harmless.
    expect((await call('POST', `/api/conversations/${conversation.id}/block`, { token: cs.token })).statusCode).toBe(200);
    const unblock = await call('DELETE', `/api/conversations/${conversation.id}/block`, { token: cs.token });
    expect(conversationSchema.parse(unblock.json()).blocked).toBeNull();
    await sent(cr.token, conversation.id, 'Thanks for unblocking');
  });

  it('puts a report in the admin inbox with the conversation and both names', async () => {
    const { cs, conversation } = await pair();
    const empty = await call('POST', `/api/conversations/${conversation.id}/report`, { token: cs.token, payload: { reason: '  ' } });
    expect(empty.statusCode).toBe(400);
    const response = await call('POST', `/api/conversations/${conversation.id}/report`, { token: cs.token, payload: { reason: 'He asked for my bank details.' } });
    expect(response.statusCode).toBe(201);
    const { reference } = response.json() as { reference: string };
    expect(reference).toMatch(/^RC-[0-9A-Z]{6}$/);
    const [row] = await db().select().from(formSubmissions).where(eq(formSubmissions.reference, reference));
    expect(row).toMatchObject({ kind: 'conversation-report', userId: cs.user.id, inboxStatus: 'NEW' });

    const adminToken = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const item = inboxItemDetailSchema.parse((await call('GET', `/api/admin/inbox/${row!.id}`, { token: adminToken })).json());
    expect(item).toMatchObject({ kind: 'conversation-report', senderName: 'Gloria Mendes' });
    expect(item.data).toMatchObject({
      conversationId: conversation.id,
      reason: 'He asked for my bank details.',
      reportedAs: 'Care seeker',
      careSeekerName: 'Gloria Mendes',
      workerName: 'Wren Walker',
    });
  });
});

describe('live events', () => {
  it('streams a new message to the recipient and the sender’s other tabs, with the recipient’s unread total', { tags: ['one-driver'] }, async () => {
    const base = await baseUrl();
    const { coordinator, client, aliasToken } = await coordinatorActingForClient(db(), call);
    expect(coordinator.id).not.toBe(client.id);
    const cr = await worker();
    const conversation = conversationSchema.parse((await start(aliasToken, cr.user.id)).json());
    const clientToken = await sessionFor(db(), client.id);
    const [recipient, aliasTab, workerTab] = await Promise.all([openSse(base, clientToken), openSse(base, aliasToken), openSse(base, cr.token)]);
    try {
      expect(recipient.status).toBe(200);
      expect(recipient.headers['content-type']).toMatch(/^text\/event-stream/);
      // Not compressed, though the client accepts it: a compressor would hold each event back.
      expect(recipient.headers['content-encoding']).toBeUndefined();
      const message = await sent(cr.token, conversation.id, 'Hello Clara, see you Tuesday');
      for (const stream of [recipient, aliasTab, workerTab]) {
        const event = await stream.waitFor((e) => e.event === 'message');
        expect(event.data).toEqual({ type: 'message', message });
      }
      expect((await recipient.waitFor((e) => e.event === 'unread')).data).toEqual({ type: 'unread', unreadTotal: 1 });
      await call('POST', `/api/conversations/${conversation.id}/read`, { token: clientToken });
      expect((await recipient.waitFor((e) => e.event === 'unread' && (e.data as { unreadTotal: number }).unreadTotal === 0)).data).toBeTruthy();
      // A stranger's stream gets nothing.
      expect(workerTab.events.filter((e) => e.event === 'unread')).toEqual([]);
    } finally {
      for (const stream of [recipient, aliasTab, workerTab]) stream.close();
    }
    await expect.poll(() => subject.app.eventStreams.size).toBe(0);
    expect(subject.app.realtime.listenerCount()).toBe(0);
  });

  it('ends a stream at its next heartbeat once its session is signed out, so a revoked session hears nothing more', async () => {
    const base = await baseUrl();
    const { cs, cr, conversation } = await pair();
    subject.app.eventStreams.heartbeatMs = 100;
    const stream = await openSse(base, cs.token);
    try {
      expect(stream.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
      // Heartbeats go on while the session stands.
      expect(stream.raw()).toContain(': heartbeat');
      expect((await call('POST', '/api/signout', { token: cs.token })).statusCode).toBeLessThan(300);
      await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 5_000))]);
      await sent(cr.token, conversation.id, 'Are you still there?');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stream.events.filter((event) => event.event === 'message')).toEqual([]);
    } finally {
      stream.close();
      subject.app.eventStreams.heartbeatMs = HEARTBEAT_MS;
    }
  });

  it('ends a worker’s stream at its next heartbeat once their profile becomes inactive', async () => {
    const base = await baseUrl();
    const { cr } = await pair();
    subject.app.eventStreams.heartbeatMs = 100;
    const stream = await openSse(base, cr.token);
    try {
      expect(stream.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(stream.raw()).toContain(': heartbeat');
      await db().update(workerProfiles).set({ status: 'INACTIVE' }).where(eq(workerProfiles.userId, cr.user.id));
      await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 5_000))]);
    } finally {
      stream.close();
      subject.app.eventStreams.heartbeatMs = HEARTBEAT_MS;
    }
    const again = await openSse(base, cr.token);
    expect(again.status).toBe(403);
    again.close();
  });

  it(`holds at most ${EVENT_STREAMS_PER_USER} streams per person: the next closes their oldest, which is told it was replaced`, async () => {
    const base = await baseUrl();
    const { cs, cr, conversation } = await pair();
    const other = await openSse(base, cr.token);
    const streams = [];
    for (let index = 0; index < EVENT_STREAMS_PER_USER; index += 1) streams.push(await openSse(base, cs.token));
    try {
      expect(streams.every((stream) => stream.status === 200)).toBe(true);
      expect(subject.app.eventStreams.sizeOf(cs.user.id)).toBe(EVENT_STREAMS_PER_USER);
      const newest = await openSse(base, cs.token);
      streams.push(newest);
      expect(newest.status).toBe(200);
      const [oldest] = streams;
      await Promise.race([oldest!.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the oldest stayed open')), 5_000))]);
      expect(oldest!.events.map((event) => event.event)).toEqual([STREAM_REPLACED_EVENT]);
      expect(subject.app.eventStreams.sizeOf(cs.user.id)).toBe(EVENT_STREAMS_PER_USER);
      // The other ten, and the other person's stream, still hear a new message.
      const message = await sent(cr.token, conversation.id, 'Still there?');
      for (const stream of streams.slice(1)) expect((await stream.waitFor((event) => event.event === 'message')).data).toEqual({ type: 'message', message });
      expect((await other.waitFor((event) => event.event === 'message')).data).toEqual({ type: 'message', message });
      expect(streams[1]!.events.some((event) => event.event === STREAM_REPLACED_EVENT)).toBe(false);
    } finally {
      for (const stream of [other, ...streams]) stream.close();
    }
    await expect.poll(() => subject.app.eventStreams.sizeOf(cs.user.id)).toBe(0);
  });

  it('refuses a stream to a visitor', async () => {
    const base = await baseUrl();
    const anonymous = await openSse(base, 'not-a-token');
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });
});

describe('the unread-message email', () => {
  it('is queued for 15 minutes after the message', async () => {
    const { cs, conversation } = await pair();
    const message = await sent(cs.token, conversation.id, 'Are you free on Tuesday?');
    const [job] = await db().select().from(backgroundJobs).where(and(eq(backgroundJobs.type, UNREAD_EMAIL_JOB)));
    expect(job).toBeDefined();
    const jobs = await db().select().from(backgroundJobs).where(eq(backgroundJobs.type, UNREAD_EMAIL_JOB));
    const mine = jobs.find((row) => (row.payload as { messageId: string }).messageId === message.id);
    expect(mine!.runAt.getTime() - new Date(message.sentAt).getTime()).toBe(15 * 60_000);
  });

  it('emails once per window, with an excerpt and the link, and not at all once read', { tags: ['drivers'] }, async () => {
    const { cs, cr, conversation } = await pair();
    const config = { ...subject.config, UNREAD_MESSAGE_EMAIL_MINUTES: 15 };
    const long = `Hello Wren, ${'we would love some help with the shopping and a chat. '.repeat(20)}The end.`;
    const first = await sent(cs.token, conversation.id, long);
    expect(await sendUnreadEmail(db(), config, first.id)).toBe(true);
    // Two jobs at once, or a second message within the window: no second email.
    const second = await sent(cs.token, conversation.id, 'Also, do you drive?');
    expect(await Promise.all([sendUnreadEmail(db(), config, second.id), sendUnreadEmail(db(), config, first.id)])).toEqual([false, false]);
    await subject.drainJobs();
    const emails = await outboxOf(subject.app, cr.user.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Gloria sent you a message on Tendly');
    expect(emails[0]!.text).toContain(`/messages?conversation=${conversation.id}`);
    expect(emails[0]!.text).toContain('Hello Wren, we would love');
    expect(emails[0]!.text).not.toContain('The end.');
    expect(emails[0]!.text).not.toContain('Mendes');
    const quoted = /"([^"]+)"/.exec(emails[0]!.text)?.[1] ?? '';
    expect(quoted.length).toBeLessThanOrEqual(EXCERPT_LENGTH + 1);

    // The window passes: the next unread message is emailed.
    const passWindow = () =>
      db()
        .update(conversations)
        .set({ workerEmailedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(conversations.id, conversation.id));
    await passWindow();
    const third = await sent(cs.token, conversation.id, 'Looking forward to hearing from you');
    expect(await sendUnreadEmail(db(), config, third.id)).toBe(true);

    // Read before the job runs: no email.
    await passWindow();
    const fourth = await sent(cs.token, conversation.id, 'Just checking in');
    await call('POST', `/api/conversations/${conversation.id}/read`, { token: cr.token });
    expect(await sendUnreadEmail(db(), config, fourth.id)).toBe(false);
    await subject.drainJobs();
    expect(await outboxOf(subject.app, cr.user.email)).toHaveLength(2);
  });

  it('is not sent in a blocked conversation', async () => {
    const { cs, cr, conversation } = await pair();
    const message = await sent(cs.token, conversation.id, 'Hello');
    await call('POST', `/api/conversations/${conversation.id}/block`, { token: cr.token });
    expect(await sendUnreadEmail(db(), subject.config, message.id)).toBe(false);
  });

  it('is not sent to someone who turned message emails off, who still gets the notification (issues 16 and 17)', async () => {
    const { cs, cr, conversation } = await pair();
    const off = await call('PUT', '/api/account-details/notification-preferences', { token: cr.token, payload: { topics: [{ topic: 'MESSAGES', inApp: true, email: false }], jobAlerts: true } });
    expect(off.statusCode).toBe(200);
    const message = await sent(cs.token, conversation.id, 'Hello');
    expect(await sendUnreadEmail(db(), subject.config, message.id)).toBe(false);
    const notifications = (await call('GET', '/api/notifications', { token: cr.token })).json() as { notifications: { kind: string }[] };
    expect(notifications.notifications.map((item) => item.kind)).toContain('NEW_MESSAGE');
  });

  it('runs from the queue when the delay is 0', async () => {
    const quick = await createTestApp({ env: { UNREAD_MESSAGE_EMAIL_MINUTES: '0' } });
    try {
      const quickCall = requester(quick.app);
      const csUser = await createUser(quick.database.db, { firstName: 'Gloria' });
      const crUser = await createWorker(quick.database.db);
      const csToken = await sessionFor(quick.database.db, csUser.id);
      const conversation = (await quickCall('POST', '/api/conversations', { token: csToken, payload: { withUserId: crUser.id } })).json() as { id: string };
      await quickCall('POST', `/api/conversations/${conversation.id}/messages`, { token: csToken, payload: { text: 'Hello there' } });
      await quick.drainJobs();
      expect((await outboxOf(quick.app, crUser.email)).map((email) => email.subject)).toEqual(['Gloria sent you a message on Tendly']);
    } finally {
      await quick.close();
    }
  });
});

describe('shutting down', () => {
  it('ends open event streams so that the server closes promptly', async () => {
    const own = await createTestApp();
    const base = await listenOnRandomPort(own.app);
    const user = await createUser(own.database.db);
    const stream = await openSse(base, await sessionFor(own.database.db, user.id));
    expect(stream.status).toBe(200);
    const started = Date.now();
    await own.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3_000);
  });

});
