import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { pino } from 'pino';
import type { Config } from './config';
import { processLogDestination } from './log-destination';

/**
 * Structured JSON logs (pino). Secrets never reach the log: session tokens, passwords and card
 * data are redacted wherever they appear in a logged object, tokens and codes are cut out of
 * logged URLs, and a failed query is logged without its parameters.
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

const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret (compared without regard to letter case): the password
 * reset link's `token`, the unsubscribe link's `token`, and any code, key or signature.
 */
const secretQueryParameters = new Set(['token', 'verificationtoken', 'code', 'key', 'signature', 'sig']);

/**
 * POST /api/auth/verify/{email}/{code}: the code (and whose it is) is in the path. GET
 * /api/account-details/export/{id}: the export's id, no key since issue 29 (the owner must be
 * signed in) but of no use in the logs.
 */
const secretPathPattern = /(\/auth\/verify\/|\/account-details\/export\/)[^?#]*/i;

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * A request URL fit for the log: the values of secret query parameters and the segments of the
 * verification path replaced by `[redacted]`; everything else as it came.
 */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const safePath = path.replace(secretPathPattern, `$1${REDACTED}`);
  if (queryStart === -1) return safePath;
  const safeQuery = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return secretQueryParameters.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** Drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>", with the values kept as `params`. */
const FAILED_QUERY = 'Failed query: ';
const PARAMS_LINE = '\nparams: ';

/**
 * How much of a failed statement's text is kept. A batch insert of 2,000 rows names 12,000
 * parameters ($1 to $12000) in its text: the message would be pages long (issue 27).
 */
export const QUERY_TEXT_LIMIT = 300;

const wholeNumber = new Intl.NumberFormat('en-AU');

/**
 * A statement's text cut to at most QUERY_TEXT_LIMIT characters, saying how many parameters it
 * named beyond the cut. A text it made is not cut again (errors pass through here more than once).
 */
export function shortQueryText(query: string): string {
  if (query.length <= QUERY_TEXT_LIMIT) return query;
  // Cut where a parameter or a word ends, never inside "$123", leaving room for what was left out.
  let cut = QUERY_TEXT_LIMIT - 40;
  while (cut > 0 && /[\w$]/.test(query.charAt(cut))) cut--;
  const kept = query.slice(0, cut);
  const more = query.slice(cut).match(/\$\d+/g)?.length ?? 0;
  const rest = more > 0 ? `and ${wholeNumber.format(more)} more parameters` : `and ${wholeNumber.format(query.length - cut)} more characters`;
  return `${kept.trimEnd()} …${rest}`;
}

/** A failed query's message: the statement (cut short), never its values. */
function safeQueryMessage(message: string): string {
  if (!message.startsWith(FAILED_QUERY)) return message;
  const paramsAt = message.indexOf(PARAMS_LINE);
  const statement = message.slice(FAILED_QUERY.length, paramsAt === -1 ? undefined : paramsAt);
  return `${FAILED_QUERY}${shortQueryText(statement)}${paramsAt === -1 ? '' : `${PARAMS_LINE}${REDACTED}`}`;
}

/** Fields that repeat a failed query's values (Drizzle's and PGlite's `params`, PostgreSQL's `detail`). */
const valueFields = new Set(['params', 'detail', 'queryOptions']);

/**
 * The error as it may be logged, stored or printed: a failed query's parameters (password
 * hashes, emails, private job fields) removed from its message, its stack and its fields, its
 * statement cut to a few hundred characters, and PostgreSQL's `detail` (which repeats the values
 * of a violated key) dropped, all along the chain of causes. Anything that is not such an error
 * comes back as it was.
 */
export function withoutQueryParameters(error: unknown, seen: Set<unknown> = new Set()): unknown {
  if (!(error instanceof Error) || seen.has(error)) return error;
  seen.add(error);
  const cause = withoutQueryParameters(error.cause, seen);
  const fields = error as unknown as Record<string, unknown>;
  const message = safeQueryMessage(error.message);
  const hasValues = [...valueFields].some((key) => key in error && fields[key] !== undefined);
  const query = typeof fields.query === 'string' ? shortQueryText(fields.query) : undefined;
  if (!hasValues && message === error.message && query === fields.query && cause === error.cause) return error;

  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const [key, value] of Object.entries(error)) {
    if (valueFields.has(key)) continue;
    (copy as unknown as Record<string, unknown>)[key] = key === 'query' ? query : value;
  }
  const hidden = (key: string, value: unknown) => Object.defineProperty(copy, key, { value, writable: true, configurable: true });
  hidden('name', error.name);
  hidden('message', message);
  hidden('stack', error.stack?.replace(error.message, message));
  if (cause !== undefined) hidden('cause', cause);
  return copy;
}

/**
 * An error as a few lines of text for a place that is not the log (the start-up failure on
 * stderr): its stack and the chain of its causes, without any query's parameters.
 */
export function failureText(error: unknown): string {
  const lines: string[] = [];
  const seen = new Set<unknown>();
  let current = withoutQueryParameters(error);
  while (current !== undefined && !seen.has(current)) {
    seen.add(current);
    const text = current instanceof Error ? (current.stack ?? `${current.name}: ${current.message}`) : String(current);
    lines.push(lines.length === 0 ? text : `Caused by: ${text}`);
    current = current instanceof Error ? current.cause : undefined;
  }
  return lines.join('\n');
}

function isObjectWithError(value: unknown): value is { err: Error } {
  return typeof value === 'object' && value !== null && (value as { err?: unknown }).err instanceof Error;
}

/** Fastify's request serializer, with the URL made safe. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version.join(', ') : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: { paths: redactedPaths, censor: REDACTED },
    serializers: {
      req: serializeRequest,
      err: (error: Error) => pino.stdSerializers.err(withoutQueryParameters(error) as Error),
    },
    hooks: {
      // pino takes the message of a line logged without one from its error, before any
      // serializer runs: `log.error(error)` and `log.error({ err })` must see the safe copy.
      logMethod(args, method) {
        const [first, ...rest] = args;
        if (first instanceof Error) return method.apply(this, [withoutQueryParameters(first), ...rest] as Parameters<typeof method>);
        if (isObjectWithError(first)) return method.apply(this, [{ ...first, err: withoutQueryParameters(first.err) }, ...rest] as Parameters<typeof method>);
        return method.apply(this, args);
      },
    },
    // Never blocks the process on a stalled log reader, not even at exit (log-destination.ts).
    stream: processLogDestination(),
  };
}
