import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationSchema, messageSchema } from '@tendly/domain/api/conversations';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../platform/db/client';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createUser, createWorker, requester, sessionFor } from '../auth/test-factories';
import { listenOnRandomPort, openSse } from './test-sse';

/**
 * Issue 13: with several API processes on one PostgreSQL server, a message sent through one
 * reaches the recipient's event stream held by another (LISTEN/NOTIFY). Two app instances, each
 * with its own pool, bus and LISTEN connection, stand for two processes on the same database.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('live events across API processes on PostgreSQL', { tags: ['drivers'] }, () => {
  let first: TestApp;
  let secondDatabase: Database;
  let second: FastifyInstance;
  let firstUrl: string;

  beforeAll(async () => {
    first = await createTestApp();
    if (!(first.database.client instanceof pg.Pool)) throw new Error('expected PostgreSQL');
    secondDatabase = await openDatabase({ databaseUrl: first.database.client.options.connectionString });
    second = await buildApp({ config: first.config, database: secondDatabase, logger: false });
    await second.ready();
    await Promise.all([first.app.realtime.ready(), second.realtime.ready()]);
    firstUrl = await listenOnRandomPort(first.app);
  });

  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await first?.close();
  });

  async function people() {
    const db = first.database.db;
    const careSeeker = await createUser(db, { firstName: 'Gloria' });
    const worker = await createWorker(db);
    const careSeekerToken = await sessionFor(db, careSeeker.id);
    const workerToken = await sessionFor(db, worker.id);
    const started = await requester(first.app)('POST', '/api/conversations', { token: careSeekerToken, payload: { withUserId: worker.id } });
    return { careSeekerToken, workerToken, conversation: conversationSchema.parse(started.json()) };
  }

  async function sendOnSecond(token: string, conversationId: string, text: string) {
    const response = await requester(second)('POST', `/api/conversations/${conversationId}/messages`, { token, payload: { text } });
    expect(response.statusCode, response.body).toBe(201);
    return messageSchema.parse(response.json());
  }

  it('delivers a message sent on one process to the stream held by the other, with the unread total', async () => {
    const { careSeekerToken, workerToken, conversation } = await people();
    const stream = await openSse(firstUrl, careSeekerToken);
    try {
      const message = await sendOnSecond(workerToken, conversation.id, 'Hello from the other process');
      expect((await stream.waitFor((e) => e.event === 'message')).data).toEqual({ type: 'message', message });
      expect((await stream.waitFor((e) => e.event === 'unread')).data).toEqual({ type: 'unread', unreadTotal: 1 });
    } finally {
      stream.close();
    }
  });

  it('sends a message too large for a NOTIFY payload by its id, and the receiving process loads it', async () => {
    const { careSeekerToken, workerToken, conversation } = await people();
    const stream = await openSse(firstUrl, careSeekerToken);
    try {
      // 5,000 two-byte characters: 10,000 bytes, more than NOTIFY carries.
      const message = await sendOnSecond(workerToken, conversation.id, 'é'.repeat(5000));
      expect((await stream.waitFor((e) => e.event === 'message')).data).toEqual({ type: 'message', message });
    } finally {
      stream.close();
    }
  });

  it('listens again after its LISTEN connection is cut, and ends its streams then so that browsers reconnect and catch up', async () => {
    const { careSeekerToken, workerToken, conversation } = await people();
    const stream = await openSse(firstUrl, careSeekerToken);
    try {
      await first.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      // Messages sent while it could not listen never reach this process: once it listens again
      // (after about a second) it ends the streams it holds, whose clients reconnect and catch up.
      const missed = await sendOnSecond(workerToken, conversation.id, 'Sent while the first process was deaf');
      await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream stayed open')), 10_000))]);
      expect(first.app.eventStreams.size).toBe(0);
      // Catching up: the message is there to read.
      const page = await requester(first.app)('GET', `/api/conversations/${conversation.id}/messages`, { token: careSeekerToken });
      expect(page.json().messages[0]).toMatchObject({ id: missed.id });
      // A new stream hears what comes next.
      const again = await openSse(firstUrl, careSeekerToken);
      try {
        const message = await sendOnSecond(workerToken, conversation.id, 'Are you still there?');
        expect((await again.waitFor((e) => e.event === 'message')).data).toEqual({ type: 'message', message });
      } finally {
        again.close();
      }
    } finally {
      stream.close();
    }
  });
});
