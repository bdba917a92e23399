import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { redactedPaths } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ redact: { paths: redactedPaths, censor: '[redacted]' } }, stream), lines };
}

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
