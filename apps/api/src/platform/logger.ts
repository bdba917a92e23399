import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config';

/**
 * Structured JSON logs (pino). Secrets never reach the log: session tokens, passwords and card
 * data are redacted wherever they appear in a logged object.
 */
export const redactedPaths = [
  'req.headers["auth-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["auth-token"]',
  'authToken',
  'aliasToken',
  'password',
  'newPassword',
  'passwordHash',
  'verificationToken',
  'token',
  'cardNumber',
  'cvc',
  '*.authToken',
  '*.aliasToken',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.verificationToken',
  '*.token',
  '*.cardNumber',
  '*.cvc',
];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: '[redacted]' },
  };
}
