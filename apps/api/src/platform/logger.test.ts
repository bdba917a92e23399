import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { failureText, loggerOptions, QUERY_TEXT_LIMIT, redactedPaths, redactUrl, withoutQueryParameters } from './logger';

function captureStream() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, lines };
}

function capture() {
  const { stream, lines } = captureStream();
  return { logger: pino({ redact: { paths: redactedPaths, censor: '[redacted]' } }, stream), lines };
}

/** A failed insert as Drizzle reports it, with the values it was given and PostgreSQL's detail. */
function failedInsert(): DrizzleQueryError {
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), {
    code: '23505',
    detail: 'Key (lower(email))=(jo.secret@example.com) already exists.',
  });
  return new DrizzleQueryError(
    'insert into "users" ("email", "password_hash", "bio") values ($1, $2, $3)',
    ['jo.secret@example.com', '$argon2id$v=19$m=19456$SECRETHASH', 'private line one\nparams: private line two'],
    cause,
  );
}

const secretsOfTheFailedInsert = ['jo.secret@example.com', 'SECRETHASH', 'private line'];

describe('log redaction', () => {
  it('never writes session tokens, passwords or card numbers', () => {
    const { logger, lines } = capture();
    logger.info({
      req: { headers: { 'auth-token': 'tok-123', authorization: 'Bearer abc', host: 'x' } },
      body: { email: 'a@b.co', password: 'hunter22', cardNumber: '4242424242424242' },
      user: { authToken: 'tok-456' },
      password: 'p1',
    });
    const written = lines.join('');
    for (const secret of ['tok-123', 'Bearer abc', 'hunter22', '4242424242424242', 'tok-456', '"p1"']) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('a@b.co');
    expect(written).toContain('[redacted]');
  });
});

describe('redactUrl', () => {
  it('cuts tokens, codes and keys out of the query, in any letter case, and keeps the rest', () => {
    expect(redactUrl('/resetPassword?email=jo%40x.com&token=abcDEF123')).toBe('/resetPassword?email=jo%40x.com&token=[redacted]');
    expect(redactUrl('/carer/unsubscribe/nearbyjobs?token=u1.c2lnbmF0dXJl')).toBe('/carer/unsubscribe/nearbyjobs?token=[redacted]');
    expect(redactUrl('/x?Code=123456&KEY=k&%74oken=t&page=2&sig=s')).toBe('/x?Code=[redacted]&KEY=[redacted]&%74oken=[redacted]&page=2&sig=[redacted]');
    expect(redactUrl('/api/search?location=Bondi&keyword=dementia')).toBe('/api/search?location=Bondi&keyword=dementia');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });

  it('cuts the email and code out of the verification path', () => {
    expect(redactUrl('/api/auth/verify/jo%40x.com/123456')).toBe('/api/auth/verify/[redacted]');
    expect(redactUrl('/api/AUTH/Verify/jo@x.com/123%20456?x=1')).toBe('/api/AUTH/Verify/[redacted]?x=1');
  });
});

describe('the request log', () => {
  it('writes URLs without their tokens or verification codes', async () => {
    const { stream, lines } = captureStream();
    const options = loggerOptions({ LOG_LEVEL: 'info' });
    const app = Fastify({ logger: { ...(options as object), stream } });
    app.get('/resetPassword', async () => 'ok');
    app.get('/carer/unsubscribe/nearbyjobs', async () => 'ok');
    app.post('/api/auth/verify/:email/:code', async () => 'ok');
    await app.ready();
    await app.inject({ method: 'GET', url: '/resetPassword?email=jo%40x.com&token=RESET-TOKEN-1' });
    await app.inject({ method: 'GET', url: '/carer/unsubscribe/nearbyjobs?token=UNSUB-TOKEN-2' });
    await app.inject({ method: 'POST', url: '/api/auth/verify/jo%40x.com/654321' });
    await app.close();
    const written = lines.join('');
    expect(written).toContain('"url":"/resetPassword?email=jo%40x.com&token=[redacted]"');
    expect(written).toContain('"url":"/api/auth/verify/[redacted]"');
    for (const secret of ['RESET-TOKEN-1', 'UNSUB-TOKEN-2', '654321']) expect(written).not.toContain(secret);
  });
});

describe('failed queries in the log', () => {
  it('are written without their parameters or the values PostgreSQL repeats', () => {
    const { stream, lines } = captureStream();
    const logger = pino({ ...(loggerOptions({ LOG_LEVEL: 'info' }) as object) }, stream);
    const error = failedInsert();
    logger.error({ err: error }, 'request failed');
    logger.error(error);
    logger.error({ err: new Error('the job failed', { cause: error }) }, 'background job failed');
    const written = lines.join('');
    for (const secret of secretsOfTheFailedInsert) expect(written).not.toContain(secret);
    // What helps to find the fault stays: the statement, the error and where it came from.
    expect(written).toContain('insert into \\"users\\"');
    expect(written).toContain('params: [redacted]');
    expect(written).toContain('duplicate key value violates unique constraint');
    expect(written).toContain('logger.test.ts');
  });

  it('leaves the original error untouched, and other errors as they are', () => {
    const error = failedInsert();
    const safe = withoutQueryParameters(error) as Error;
    expect(safe).not.toBe(error);
    expect(safe).toBeInstanceOf(DrizzleQueryError);
    expect(error.message).toContain('SECRETHASH');
    const plain = new Error('plain');
    expect(withoutQueryParameters(plain)).toBe(plain);
    expect(withoutQueryParameters('text')).toBe('text');
  });
});

/** A batch insert of 2,000 localities as it fails on a key another process inserted first: 12,000 parameters. */
function failedBatchInsert(): DrizzleQueryError {
  const rows = Array.from({ length: 2_000 }, (_, row) => `(${Array.from({ length: 6 }, (_, column) => `$${row * 6 + column + 1}`).join(', ')})`);
  const query = `insert into "localities" ("id", "postcode", "suburb", "state", "latitude", "longitude") values ${rows.join(', ')}`;
  const params = Array.from({ length: 2_000 }, (_, row) => ['default', '3067', `Abbotsford${row}`, 'VIC', -37.8, 145]).flat();
  // PGlite's error carries the statement and its values too.
  const cause = Object.assign(new Error('duplicate key value violates unique constraint "localities_suburb_postcode_state_key"'), {
    code: '23505',
    detail: 'Key (suburb, postcode, state)=(Abbotsford0, 3067, VIC) already exists.',
    query,
    params,
  });
  return new DrizzleQueryError(query, params, cause);
}

describe('a failed query with thousands of parameters (issue 27)', () => {
  it('is logged with its statement cut to a short summary, and none of its values', () => {
    const { stream, lines } = captureStream();
    const logger = pino({ ...(loggerOptions({ LOG_LEVEL: 'info' }) as object) }, stream);
    logger.error({ err: failedBatchInsert() }, 'start-up failed');
    logger.error({ err: new Error('the job failed', { cause: failedBatchInsert() }) }, 'background job failed');
    const written = lines.join('');
    expect(written).not.toContain('Abbotsford');
    expect(written).not.toContain('$12000');
    expect(written).toContain('…and 11,9');
    expect(written).toContain('more parameters');
    expect(written).toContain('duplicate key value violates unique constraint');
    // Each line a few kilobytes at most (the stacks), where the statement alone was about 100 kB.
    for (const line of lines) expect(line.length).toBeLessThan(10_000);
  });

  it('is printed at a failed start-up in a few lines, with its cause', () => {
    const text = failureText(failedBatchInsert());
    expect(text.length).toBeLessThan(5_000);
    expect(text).toMatch(/^Error: Failed query: insert into "localities" .*\$1, \$2.* …and 11,9\d\d more parameters\nparams: \[redacted\]/);
    expect(text).toContain('Caused by: Error: duplicate key value violates unique constraint "localities_suburb_postcode_state_key"');
    expect(text).not.toContain('Abbotsford');
    expect(failureText('plain words')).toBe('plain words');
  });

  it('keeps a short statement whole', () => {
    const safe = withoutQueryParameters(failedInsert()) as Error;
    expect(safe.message).toBe('Failed query: insert into "users" ("email", "password_hash", "bio") values ($1, $2, $3)\nparams: [redacted]');
    const query = (withoutQueryParameters(failedBatchInsert()) as DrizzleQueryError).query;
    expect(query.length).toBeLessThanOrEqual(QUERY_TEXT_LIMIT);
    expect(query).toMatch(/^insert into "localities" .*\$\d+,? …and 11,9\d\d more parameters$/);
    // Cut once: the safe copy passes through unchanged.
    expect((withoutQueryParameters(withoutQueryParameters(failedBatchInsert())) as DrizzleQueryError).query).toBe(query);
  });
});
