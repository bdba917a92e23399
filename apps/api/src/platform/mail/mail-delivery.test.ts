import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { backgroundJobs, mailOutbox } from '../db/schema/platform';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { drainJobs, startJobWorker, type JobWorker } from '../jobs/job-worker';
import { isPermanentSmtpFailure } from '../jobs/job-failure';
import { mailJobHandlers } from './mail-delivery';
import type { MailMessage } from './mail-message';
import { createMailTransport, type MailTransport } from './mail-transport';
import { listOutbox, queueMail } from './outbox';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free local port, without TLS, that keeps everything it is sent. It
 * accepts each message unless `answer` (given the message, once kept) says otherwise: an error
 * refuses it after all, a delay keeps the client waiting for the reply. `refuseRecipient` may
 * refuse an address at RCPT TO, with an error carrying the SMTP reply code (`responseCode`).
 */
async function startSmtpServer(
  answer: (mail: ReceivedMail) => Promise<Error | undefined> = async () => undefined,
  refuseRecipient: (address: string) => Error | undefined = () => undefined,
): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuseRecipient(address.address) ?? null);
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        void answer(mail).then((error) => callback(error ?? null));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A pino logger whose JSON lines land in `lines`, to prove what is (and is not) logged. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { logger: pino({ level: 'trace' }, stream), lines };
}

const SECRET_CODE = '482913';
const message = (to: string, subject = 'Confirm your email address'): Omit<MailMessage, 'attachments'> => ({
  to,
  category: 'SECURITY',
  subject,
  text: `Your code is ${SECRET_CODE}.`,
  html: `<p>Your code is <strong>${SECRET_CODE}</strong>.</p>`,
});

let database: TestDatabase;
const transports: MailTransport[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(transports.map((transport) => transport.close()));
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.delete(backgroundJobs);
  await database.db.delete(mailOutbox);
});

function transportFor(env: Record<string, string>, logger = pino({ level: 'silent' })): MailTransport {
  const transport = createMailTransport(loadConfig({ NODE_ENV: 'test', ...env }), logger);
  transports.push(transport);
  return transport;
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    // The pooled SMTP connections go first: the server waits for open connections when closing.
    await Promise.all(transports.splice(0).map((transport) => transport.close()));
    await smtp?.close();
  });

  it('delivers a queued email to the SMTP server and marks it SENT', async () => {
    const { logger, lines } = capturingLogger();
    const transport = transportFor({ SMTP_URL: smtp.url, BRAND_NAME: 'Tendly' }, logger);
    await queueMail(database.db, message('jane@example.com'));

    expect(await drainJobs(database, mailJobHandlers(transport), { logger })).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['jane@example.com']);
    expect(mail?.from).toBe('no-reply@tendly.com.au');
    expect(mail?.raw).toMatch(/^Subject: Confirm your email address\r?$/m);
    expect(mail?.raw).toMatch(/^To: jane@example\.com\r?$/m);
    expect(mail?.raw).toMatch(/^From: Tendly <no-reply@tendly\.com\.au>\r?$/m);
    expect(mail?.raw).toContain(`Your code is ${SECRET_CODE}.`);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'SENT', error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const log = lines.join('');
    expect(log).toContain('jane@example.com');
    expect(log).not.toContain(SECRET_CODE);
  });

  it('sends the attachments named on an email, read from the file store when it is delivered', async () => {
    const transport = transportFor({ SMTP_URL: smtp.url });
    smtp.received.length = 0;
    const files = new Map([['remittances/w/rem-000001.pdf', Buffer.from('%PDF-1.3 remittance bytes')]]);
    const fileStore = { get: async (key: string) => files.get(key) ?? null };
    await queueMail(database.db, { ...message('ana@example.com'), attachments: [{ fileName: 'REM-000001.pdf', contentType: 'application/pdf', storageKey: 'remittances/w/rem-000001.pdf' }] });
    expect(await drainJobs(database, mailJobHandlers(transport, fileStore))).toBe(1);
    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toMatch(/Content-Type: application\/pdf; name=REM-000001\.pdf/);
    expect(raw).toContain(Buffer.from('%PDF-1.3 remittance bytes').toString('base64'));

    // A file that is not there yet is an error: the job retries rather than sending without it.
    smtp.received.length = 0;
    await queueMail(database.db, { ...message('bo@example.com'), attachments: [{ fileName: 'REM-000002.pdf', contentType: 'application/pdf', storageKey: 'remittances/w/missing.pdf' }] });
    await drainJobs(database, mailJobHandlers(transport, fileStore));
    expect(smtp.received).toHaveLength(0);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'bo@example.com'));
    expect(row).toMatchObject({ status: 'PENDING', error: 'mail.deliver: the attachment REM-000002.pdf is not in the file store' });
  });

  it('sends the attachments kept in the outbox (issue 15: an invoice PDF to a plan manager)', async () => {
    const transport = transportFor({ SMTP_URL: smtp.url });
    smtp.received.length = 0;
    const pdf = Buffer.from('%PDF-1.3 a tiny invoice');
    await queueMail(database.db, { ...message('plans@example.com', 'Invoice INV-000001'), attachments: [{ fileName: 'INV-000001.pdf', contentType: 'application/pdf', content: pdf }] });
    await drainJobs(database, mailJobHandlers(transport));
    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toMatch(/Content-Type: application\/pdf; name=INV-000001\.pdf/);
    expect(raw).toContain(pdf.toString('base64'));
  });

  it('sends a List-Unsubscribe header for email a person can opt out of', async () => {
    const transport = transportFor({ SMTP_URL: smtp.url });
    smtp.received.length = 0;
    await queueMail(database.db, { ...message('kim@example.com'), listUnsubscribe: 'https://tendly.com.au/carer/unsubscribe/nearbyjobs?token=abc' });
    await drainJobs(database, mailJobHandlers(transport));
    // A long header may be folded onto the next line.
    expect(smtp.received[0]?.raw).toMatch(/^List-Unsubscribe:\s+<https:\/\/tendly\.com\.au\/carer\/unsubscribe\/nearbyjobs\?token=abc>\r?$/m);
    smtp.received.length = 0;
    await transport.send(message('sam@example.com'));
    expect(smtp.received[0]?.raw).not.toContain('List-Unsubscribe');
  });

  it('sends from MAIL_FROM when it is set', async () => {
    const transport = transportFor({ SMTP_URL: smtp.url, MAIL_FROM: 'Care Team <care@example.org>' });
    smtp.received.length = 0;
    await transport.send(message('sam@example.com'));
    expect(smtp.received[0]?.from).toBe('care@example.org');
    expect(smtp.received[0]?.raw).toMatch(/^From: Care Team <care@example\.org>\r?$/m);
  });
});

const messageIdOf = (mail: ReceivedMail | undefined) => /^Message-ID:\s*(\S+)\r?$/im.exec(mail?.raw ?? '')?.[1];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mail sent once, whatever happens to the job that sends it', () => {
  const servers: { close(): Promise<void> }[] = [];
  const workers: JobWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(transports.splice(0).map((transport) => transport.close()));
    await Promise.all(servers.map((server) => server.close()));
  });

  it('is not sent again while a slow SMTP server keeps the job running past its lease', async () => {
    // The server takes 1.5 s to accept; the jobs' lease is 0.4 s, renewed every 0.1 s.
    const smtp = await startSmtpServer(async () => {
      await sleep(1_500);
      return undefined;
    });
    servers.push(smtp);
    const lease = { leaseMs: 400, heartbeatMs: 100, pollIntervalMs: 3_600_000 };
    const worker = (name: string) => {
      const started = startJobWorker({ database, handlers: mailJobHandlers(transportFor({ SMTP_URL: smtp.url })), logger: pino({ level: 'silent', name }), ...lease });
      workers.push(started);
      return started;
    };
    await queueMail(database.db, message('jane@example.com'));
    const first = worker('first').runOnce();
    // A second API process polls all the while.
    const second = worker('second');
    let secondRan = 0;
    for (let i = 0; i < 20; i++) {
      await sleep(100);
      secondRan += await second.runOnce();
    }
    expect(await first).toBe(1);
    expect(secondRan).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: 'SENT' });
    expect((await database.db.select().from(backgroundJobs))[0]).toMatchObject({ status: 'DONE', attempts: 1 });
  });

  it('is not sent again when its job runs again after the process died between sending and finishing the job', async () => {
    const smtp = await startSmtpServer();
    servers.push(smtp);
    const handlers = mailJobHandlers(transportFor({ SMTP_URL: smtp.url }));
    await queueMail(database.db, message('jane@example.com'));
    expect(await drainJobs(database, handlers)).toBe(1);
    // As the row stands when the process died after recording the delivery, before the job was DONE.
    await database.db.update(backgroundJobs).set({ status: 'RUNNING', lockedBy: 'killed-process', lockedAt: sql`now() - interval '1 hour'` });
    expect(await drainJobs(database, handlers)).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await database.db.select().from(backgroundJobs))[0]).toMatchObject({ status: 'DONE', attempts: 2 });
  });

  it('carries the same Message-ID on every attempt, so a second copy of an email the server did take can be told apart', async () => {
    // The first time, the server keeps the message but answers with an error: the job retries.
    const smtp = await startSmtpServer(async (mail) =>
      smtp.received.filter((other) => messageIdOf(other) === messageIdOf(mail)).length === 1
        ? Object.assign(new Error('Temporary failure, try again'), { responseCode: 451 })
        : undefined,
    );
    servers.push(smtp);
    const handlers = mailJobHandlers(transportFor({ SMTP_URL: smtp.url, MAIL_FROM: 'Care Team <care@example.org>' }));
    await queueMail(database.db, message('jane@example.com'));
    await queueMail(database.db, message('kim@example.com'));
    expect(await drainJobs(database, handlers, { backoffMs: () => 0 })).toBe(4);

    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.status)).toEqual(['SENT', 'SENT']);
    expect(smtp.received).toHaveLength(4);
    for (const row of rows) {
      const copies = smtp.received.filter((mail) => mail.to.includes(row.toAddress));
      expect(copies.map(messageIdOf)).toEqual([`<${row.id}@example.org>`, `<${row.id}@example.org>`]);
    }
  });
});

const smtpReply = (responseCode: number, text: string) => Object.assign(new Error(text), { responseCode });

describe('mail the SMTP server refuses (issue 27)', () => {
  afterAll(async () => {
    await Promise.all(transports.splice(0).map((transport) => transport.close()));
  });

  it('fails an email refused for good (550 no such user) at once, and retries one refused for now (450)', async () => {
    const smtp = await startSmtpServer(undefined, (address) =>
      address.startsWith('nobody@')
        ? smtpReply(550, '5.1.1 <nobody@example.com>: no such user')
        : address.startsWith('busy@')
          ? smtpReply(450, '4.2.1 Mailbox busy, try again later')
          : undefined,
    );
    try {
      const handlers = mailJobHandlers(transportFor({ SMTP_URL: smtp.url }));
      await queueMail(database.db, message('nobody@example.com'));
      await queueMail(database.db, message('busy@example.com'));

      expect(await drainJobs(database, handlers)).toBe(2);
      expect(smtp.received).toHaveLength(0);
      const outbox = new Map((await database.db.select().from(mailOutbox)).map((row) => [row.toAddress, row]));
      const jobs = new Map((await database.db.select().from(backgroundJobs)).map((job) => [(job.payload as { outboxId: string }).outboxId, job]));
      const refused = outbox.get('nobody@example.com');
      expect(refused).toMatchObject({ status: 'FAILED' });
      expect(refused?.error).toContain('550');
      const refusedJob = jobs.get(refused?.id ?? '');
      expect(refusedJob).toMatchObject({ status: 'FAILED', attempts: 1 });
      expect(refusedJob?.lastError).toMatch(/^PermanentJobError: The mail server refused this email: .*550 5\.1\.1 <nobody@example\.com>: no such user/);
      const busy = outbox.get('busy@example.com');
      expect(busy).toMatchObject({ status: 'PENDING' });
      expect(busy?.error).toContain('450');
      const busyJob = jobs.get(busy?.id ?? '');
      expect(busyJob).toMatchObject({ status: 'PENDING', attempts: 1 });
      expect(busyJob?.runAt.getTime()).toBeGreaterThan(Date.now());
    } finally {
      await Promise.all(transports.splice(0).map((transport) => transport.close()));
      await smtp.close();
    }
  });

  it('tells a refusal for good from one for now, as nodemailer reports them', () => {
    const nodemailerError = (fields: Record<string, unknown>) => Object.assign(new Error('Mail command failed'), fields);
    const permanent = [
      nodemailerError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }),
      nodemailerError({ code: 'EMESSAGE', responseCode: 552, command: 'DATA' }),
      nodemailerError({ code: 'EENVELOPE', responseCode: 554, command: 'MAIL FROM' }),
      nodemailerError({ code: 'EENVELOPE' }), // no recipients defined
    ];
    const passing = [
      nodemailerError({ code: 'EENVELOPE', responseCode: 450, command: 'RCPT TO' }),
      nodemailerError({ code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO' }),
      nodemailerError({ code: 'EPROTOCOL', responseCode: 421, command: 'CONN' }),
      nodemailerError({ code: 'ESOCKET', errno: -111, syscall: 'connect' }),
      nodemailerError({ code: 'ECONNECTION' }),
      nodemailerError({ code: 'ETIMEDOUT' }),
      nodemailerError({ code: 'ECONNRESET' }),
      // The server's sign-in refused: the configuration is wrong, not the email.
      nodemailerError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }),
      new Error('something else'),
    ];
    expect(permanent.map(isPermanentSmtpFailure)).toEqual(permanent.map(() => true));
    expect(passing.map(isPermanentSmtpFailure)).toEqual(passing.map(() => false));
  });
});

describe('mail when the SMTP server cannot be reached', () => {
  it('records the error and retries the job, then marks the email FAILED after the last attempt', async () => {
    const closed = await startSmtpServer();
    await closed.close(); // a port where nothing listens any more
    const { logger, lines } = capturingLogger();
    const handlers = mailJobHandlers(transportFor({ SMTP_URL: closed.url }));
    await queueMail(database.db, message('jane@example.com'));

    expect(await drainJobs(database, handlers, { logger })).toBe(1);
    const [afterFirst] = await database.db.select().from(mailOutbox);
    expect(afterFirst).toMatchObject({ status: 'PENDING' });
    expect(afterFirst?.error).toBeTruthy();
    const [job] = await database.db.select().from(backgroundJobs);
    expect(job).toMatchObject({ type: 'mail.deliver', status: 'PENDING', attempts: 1 });
    expect(job?.runAt.getTime()).toBeGreaterThan(Date.now());

    // Four more attempts without waiting for the backoff, the last of them once the retry window
    // (JOB_RETRY_HOURS, counted from the first attempt) is over.
    for (let attempt = 2; attempt <= 4; attempt++) {
      await database.db.update(backgroundJobs).set({ runAt: new Date() });
      expect(await drainJobs(database, handlers, { logger })).toBe(1);
    }
    expect((await database.db.select().from(backgroundJobs))[0]).toMatchObject({ status: 'PENDING', attempts: 4 });
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: 'PENDING' });
    await database.db.update(backgroundJobs).set({ runAt: new Date(), firstAttemptedAt: sql`now() - interval '24 hours'` });
    expect(await drainJobs(database, handlers, { logger, backoffMs: () => 0 })).toBe(1);
    expect((await database.db.select().from(backgroundJobs))[0]).toMatchObject({ status: 'FAILED', attempts: 5 });
    expect((await database.db.select().from(mailOutbox))[0]).toMatchObject({ status: 'FAILED' });
    expect(lines.join('')).not.toContain(SECRET_CODE);
  });
});

describe('mail without SMTP (the outbox keeps it)', () => {
  it('keeps the email, logs only its recipient and subject, and lists it newest first', async () => {
    const { logger, lines } = capturingLogger();
    const handlers = mailJobHandlers(transportFor({}, logger));
    await queueMail(database.db, message('Jane@Example.com', 'First'));
    await queueMail(database.db, message('jane@example.com', 'Second'));
    await queueMail(database.db, message('someone.else@example.com', 'Not hers'));

    expect(await drainJobs(database, handlers, { logger })).toBe(3);

    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.status)).toEqual(['KEPT', 'KEPT', 'KEPT']);
    const listed = await listOutbox(database.db, 'JANE@example.com');
    expect(listed.map((m) => [m.to, m.subject])).toEqual([
      ['jane@example.com', 'Second'],
      ['Jane@Example.com', 'First'],
    ]);
    expect(listed[0]).toMatchObject({ text: `Your code is ${SECRET_CODE}.`, html: `<p>Your code is <strong>${SECRET_CODE}</strong>.</p>` });
    expect(new Date(listed[0]?.createdAt ?? '').toISOString()).toBe(listed[0]?.createdAt);

    const log = lines.join('');
    expect(log).toContain('"to":"jane@example.com"');
    expect(log).toContain('"subject":"Second"');
    expect(log).not.toContain(SECRET_CODE);
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueMail(tx, message('jane@example.com'));
        throw new Error('sign-up failed');
      }),
    ).rejects.toThrow('sign-up failed');
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await database.db.select().from(backgroundJobs)).toEqual([]);
  });

  it('leaves an email that was already delivered alone when its job runs again', async () => {
    let sends = 0;
    const countingTransport: MailTransport = {
      kind: 'outbox',
      send: async () => {
        sends += 1;
        return 'KEPT';
      },
      close: async () => undefined,
    };
    await queueMail(database.db, message('jane@example.com'));
    await drainJobs(database, mailJobHandlers(countingTransport));
    await database.db.update(backgroundJobs).set({ status: 'PENDING' });
    await drainJobs(database, mailJobHandlers(countingTransport));
    expect(sends).toBe(1);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'jane@example.com'));
    expect(row?.status).toBe('KEPT');
  });
});
