import path from 'node:path';
import { z } from 'zod';
import { JOB_ALERT_RADIUS_KM } from '@tendly/domain/constants';
import { DEFAULT_TIMESHEET_LIMITS, EXPENSE_MAX_CENTS, EXPENSES_MAX, TRAVEL_KM_MAX } from '@tendly/domain/api/timesheets';
import { SITE_PATH_PATTERN } from '@tendly/domain/site-config';
import { repoRoot } from './paths';

/**
 * Configuration is read once, at start-up, from the environment and parsed with zod.
 * A bad value stops start-up with a message naming the variable (ARCHITECTURE.md).
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An address or range a proxy in front of the API speaks from, as proxy-addr (Fastify's trustProxy) reads it. */
const proxyAddressSchema = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

/**
 * TRUST_PROXY: which proxies may say who the client is (X-Forwarded-For). Unset trusts none, so a
 * client cannot choose the address that every per-address limit counts; a number trusts that
 * many proxies in front of the API; a comma-separated list trusts proxies at those addresses or
 * ranges. `true` is refused: it would trust whatever any client writes in the header.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value || value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 100) return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
    const invalid = entries.filter((entry) => !proxyAddressSchema.safeParse(entry).success);
    if (entries.length === 0 || invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `give the number of proxies in front of the API, or their addresses or CIDR ranges separated by commas (not understood: ${invalid.join(', ') || value})`,
      });
      return z.NEVER;
    }
    return entries;
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  BRAND_NAME: z.string().trim().min(1).default('Tendly'),
  SUPPORT_PHONE: z.string().trim().min(1).default('1300 836 359'),
  SUPPORT_EMAIL: z.email().default('support@tendly.com.au'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalText,
  REDIS_URL: optionalUrl,
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Kill the process when its event loop has been blocked for longer than this, in milliseconds,
   * so that a supervisor restarts it (issue 10: a wedged embedded database hung every request);
   * 0 turns the watchdog off (e.g. to pause in a debugger).
   */
  EVENT_LOOP_WATCHDOG_MS: z.coerce
    .number()
    .int()
    .refine((ms) => ms === 0 || (ms >= 1000 && ms <= 600_000), { error: 'must be 0 (off) or from 1000 to 600000 milliseconds' })
    .default(30_000),
  /**
   * On SIGTERM or SIGINT, how long requests in progress and jobs in hand get to finish before the
   * open connections are cut and the process exits regardless (issue 10).
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How long a background job that fails for a passing reason (the SMTP server down, a timeout, an
   * HTTP 5xx) keeps being retried, counted from its first attempt, with backoff capped at an hour;
   * then it is FAILED and shown at /admin/jobs (issue 27: an SMTP outage of a few hours loses no email).
   */
  JOB_RETRY_HOURS: z.coerce.number().int().min(24).max(720).default(24),
  /**
   * For tests only: the instant (ISO 8601 with a zone, e.g. 2026-12-06T23:58:30+11:00) this
   * process's clock reads when the process starts, running on from there (platform/test-clock.ts). The
   * browser tests start the product just before midnight in Sydney, so that every journey runs
   * just after it and a date taken in the wrong zone fails every run, not one in a hundred.
   */
  TEST_CLOCK: optionalText.pipe(z.iso.datetime({ offset: true, error: 'must be an ISO 8601 instant with its zone, e.g. 2026-12-06T23:58:30+11:00' }).optional()),
  /**
   * How long a message may stay unread before it is emailed to its recipient, and the shortest
   * time between two such emails for one conversation and recipient (issue 13). 0 emails at once.
   */
  UNREAD_MESSAGE_EMAIL_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** The platform fee, in basis points of the worker's hourly amounts (900 is 9%; issue 14, workflows.md). */
  PLATFORM_FEE_BASIS_POINTS: z.coerce.number().int().min(0).max(5_000).default(900),
  /** Days after submission a job report nobody has decided is approved by the job queue (issue 14). */
  JOB_REPORT_AUTO_APPROVE_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  /**
   * Attempts a worker may make at one learning hub quiz in a day (a day in Sydney); then 429 until
   * midnight. Few enough that guessing cannot pass (issue 29).
   */
  QUIZ_ATTEMPTS_PER_DAY: z.coerce.number().int().min(1).max(10).default(3),
  /** Kilometres of travel one shift's hours may claim (issue 29); at most the form's own bound. */
  MAX_TRAVEL_KM_PER_SHIFT: z.coerce.number().int().min(1).max(TRAVEL_KM_MAX).default(DEFAULT_TIMESHEET_LIMITS.travelKmMax),
  /** What the expenses of one job report may add up to, in whole dollars (issue 29). */
  MAX_EXPENSES_PER_REPORT_DOLLARS: z.coerce
    .number()
    .int()
    .min(0)
    .max((EXPENSES_MAX * EXPENSE_MAX_CENTS) / 100)
    .default(DEFAULT_TIMESHEET_LIMITS.expensesTotalMaxCents / 100),
  /**
   * How far above its booked shift's estimate an invoice may be and still be charged to the saved
   * card without the payer's approval, in percent (issue 29); above it, the payer is emailed to pay it.
   */
  AUTO_CHARGE_TOLERANCE_PERCENT: z.coerce.number().int().min(0).max(100).default(10),
  /** Days an issued invoice gives the care seeker to pay (its due date). */
  INVOICE_PAYMENT_TERMS_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  SEED_DEMO_DATA: booleanFlag,
  DEMO_WORKER_COUNT: z.coerce.number().int().min(0).max(200_000).default(420),
  PARTNER_ONE_NAME: z.string().trim().min(1).default('Harbourside Aged Care'),
  PARTNER_ONE_SLUG: z.string().trim().regex(/^[a-z0-9-]+$/).default('harbourside'),
  PARTNER_TWO_NAME: z.string().trim().min(1).default('Riverbend Community Services'),
  PARTNER_TWO_SLUG: z.string().trim().regex(/^[a-z0-9-]+$/).default('riverbend'),
  BLOG_URL: z.url().default('https://blog.tendly.com.au'),
  HELP_CENTRE_URL: z.url().default('https://help.tendly.com.au'),
  /**
   * The admin area, where an administrator lands after signing in (spec section 6): a full URL,
   * or a path on this site. By default the admin console inside this product, at /admin (issue 12).
   */
  ADMIN_URL: z
    .union([z.url({ protocol: /^https?$/ }), z.string().trim().regex(SITE_PATH_PATTERN)], {
      error: 'must be a full URL or a path on this site starting with /',
    })
    .default('/admin'),
  PROVIDER_PLATFORM_URL: z.url().default('https://partners.tendly.com.au'),
  ENGAGE_PLATFORM_URL: z.url().default('https://engage.tendly.com.au'),
  GTM_ID: optionalText,
  META_PIXEL_ID: optionalText,
  INSTAGRAM_TOKEN: optionalText,
  /** The Instagram Graph API; tests point it at a local server. */
  INSTAGRAM_API_URL: z.url().default('https://graph.instagram.com'),
  /** The brand's Instagram profile: where the built-in posts link to. */
  INSTAGRAM_PROFILE_URL: z.url().default('https://www.instagram.com/tendly/'),
  /** Session recording (Hotjar site id); unset: nothing is recorded. */
  SESSION_RECORDING_ID: optionalText,
  /** Chat widget (Freshchat) token and host; no token: no widget. */
  CHAT_WIDGET_TOKEN: optionalText,
  CHAT_WIDGET_HOST: z.url().default('https://wchat.freshchat.com'),
  /** Error reporting (a Sentry DSN); unset: errors stay in the browser console. */
  ERROR_REPORTING_DSN: optionalUrl,
  /** The card payment provider's public key (Stripe `pk_...`), for the browser. */
  STRIPE_PUBLISHABLE_KEY: optionalText,
  /**
   * Stripe's secret key and webhook signing secret (issue 15). With all three Stripe settings, cards
   * are saved and charged through Stripe; with none, the built-in test provider stands in.
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Days after a failed card charge that it is tried again (comma-separated, in order). */
  PAYMENT_RETRY_DAYS: z
    .string()
    .trim()
    .regex(/^\d{1,2}(,\d{1,2}){0,4}$/, { error: 'must be whole days separated by commas, e.g. 1,3' })
    .default('1,3')
    .transform((text) => text.split(',').map(Number)),
  /** The local time (Australia/Sydney) of the daily payout run, `HH:mm`. */
  PAYOUT_RUN_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time of day as HH:mm, e.g. 15:00' })
    .default('15:00'),
  /**
   * The platform's bank account: where care seekers, plan managers and aged care providers pay by
   * transfer (printed on every invoice with its payment reference, issue 28), and the ABA file's
   * account. The defaults are a demo account, for development and tests only: production must set
   * all three (`loadConfig`), or payers would be told to pay into an account that is not ours.
   */
  PLATFORM_BANK_ACCOUNT_NAME: z.string().trim().min(1).max(26).default('Tendly Pty Ltd'),
  PLATFORM_BANK_BSB: z.string().trim().regex(/^\d{3}-?\d{3}$/, { error: 'must be a BSB of six digits' }).default('062-000'),
  PLATFORM_BANK_ACCOUNT_NUMBER: z.string().trim().regex(/^\d{5,9}$/, { error: 'must be 5 to 9 digits' }).default('10203040'),
  /** The direct entry (ABA) file's descriptive record: the bank's three-letter code, the APCA user name and number. */
  ABA_BANK_CODE: z.string().trim().regex(/^[A-Z]{3}$/, { error: 'must be three capital letters, e.g. CBA' }).default('CBA'),
  ABA_USER_NAME: z.string().trim().min(1).max(26).default('TENDLY PTY LTD'),
  ABA_USER_ID: z.string().trim().regex(/^\d{6}$/, { error: 'must be six digits' }).default('301500'),
  /** The platform's NDIS provider registration number, for agency-managed claims. */
  NDIS_REGISTRATION_NUMBER: z.string().trim().regex(/^\d{1,20}$/, { error: 'must be digits' }).default('4050012345'),
  /** The platform's ABN, on claim files and remittances. */
  PLATFORM_ABN: z.string().trim().regex(/^\d{11}$/, { error: 'must be 11 digits' }).default('51824753556'),
  /** The NDIA claim file's date and hours formats (ndis.md: both unconfirmed, so settings). */
  NDIS_CLAIM_DATE_FORMAT: z.enum(['YYYY-MM-DD', 'YYYY/MM/DD']).default('YYYY-MM-DD'),
  NDIS_CLAIM_HOURS_FORMAT: z.enum(['decimal', 'hhh:mm']).default('decimal'),
  WEB_DIST_DIR: optionalText,
  /**
   * An OpenAI-compatible chat completions API for the AI worker match (issue 5): with both the
   * base URL (e.g. `https://api.openai.com/v1`) and the key set, a model reads the care seeker's
   * text; without them, or when the model fails, the local parser does.
   */
  /**
   * How long a page of worker search results is reused for identical searches, in milliseconds
   * (0: never). Profile changes show in search within this time.
   */
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(15_000),
  /**
   * Whether each worker search and job board search first waits until the search index held in
   * memory (platform/live-index) has every change committed before it: one more round trip to
   * the database. Off, a change shows in search a few milliseconds after it commits, well
   * within SEARCH_CACHE_TTL_MS; the tests turn it on, since they search the moment they write.
   */
  SEARCH_INDEX_SYNC: booleanFlag,
  /**
   * How long a session this process has verified is trusted without asking the database again,
   * in milliseconds (0: every request asks). Revocation does not wait for it: whatever ends or
   * changes a session notifies every process, which forgets it at once (session-cache.ts). It
   * bounds only how stale a session could be if a notification were lost without the listening
   * connection being seen to fail.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /**
   * Requests the server runs of its own down each hot path (worker search, the worker profile,
   * the job board) once its search indexes are loaded, before /api/health says it is warm
   * (issue 33: a cold server answered its first searches ten times slower). 0: none. By default
   * 300, and none under NODE_ENV=test (the browser tests' server starts many times, on little data).
   */
  WARM_UP_REQUESTS: z.coerce.number().int().min(0).max(5_000).optional(),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalText,
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(4000),
  /** Workers whose home is within this many km of a new job get an email about it (workflows.md, a setting). */
  JOB_ALERT_RADIUS_KM: z.coerce.number().min(1).max(500).default(JOB_ALERT_RADIUS_KM),
  /**
   * The key that signs links emailed to people (the one-click unsubscribe from job alerts): at
   * least 32 characters, the same on every API process. Required in production; elsewhere a key
   * is made once and kept in the database.
   */
  LINK_SIGNING_SECRET: optionalText.pipe(z.string().min(32, { error: 'must be at least 32 characters' }).optional()),
  /**
   * The AES-256 key that encrypts bank account numbers at rest (issue 12): 32 bytes written as 64
   * hex digits or in base64, the same on every API process. Required in production; elsewhere a
   * key is made once and kept in the database, like the link-signing key.
   */
  ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => encryptionKeyBytes(value) !== null, { error: 'must be 32 bytes, as 64 hex digits or in base64' })
      .optional(),
  ),
  /**
   * Whether the API documentation (/api/docs and its OpenAPI document) is served. Unset: yes
   * outside production, no in production, where it would map the API for anyone probing it.
   */
  API_DOCS_PUBLIC: booleanFlag,
  /**
   * Uploaded and generated files go to this S3 bucket when it is set, otherwise to DATA_DIR/files.
   * S3_ENDPOINT names an S3-compatible service (MinIO, Cloudflare R2), addressed by path; the keys
   * may be left out where the environment gives credentials (an instance role).
   */
  S3_BUCKET: optionalText.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots or hyphens' })
      .optional(),
  ),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().trim().min(1).default('ap-southeast-2'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
});

/** The language model the AI worker match may call; null when none is configured. */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export type Config = z.infer<typeof configSchema> & {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Seed demo data: outside production unless SEED_DEMO_DATA says otherwise. */
  seedDemoData: boolean;
  /** Absolute path of the built web app. */
  webDistDir: string;
  publicUrl: string;
  llm: LlmConfig | null;
  /** Serve /api/docs: API_DOCS_PUBLIC, or by default everywhere but production. */
  apiDocsPublic: boolean;
  /** WARM_UP_REQUESTS, or its default: 300, and 0 under NODE_ENV=test. */
  warmUpRequests: number;
};

export class ConfigError extends Error {}

/** Requests down each hot path at start-up unless WARM_UP_REQUESTS says otherwise (issue 33). */
export const DEFAULT_WARM_UP_REQUESTS = 300;

/** The 32 bytes of an ENCRYPTION_KEY written as 64 hex digits or in base64 (or base64url); null when it is neither. */
export function encryptionKeyBytes(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(text)) return null;
  const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (Boolean(c.LLM_BASE_URL) !== Boolean(c.LLM_API_KEY)) {
    throw new ConfigError('Invalid configuration:\n  LLM_BASE_URL, LLM_API_KEY: set both to use a language model, or neither');
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the credentials of the environment');
  }
  const stripeKeys = [c.STRIPE_SECRET_KEY, c.STRIPE_PUBLISHABLE_KEY, c.STRIPE_WEBHOOK_SECRET].filter(Boolean).length;
  if (stripeKeys !== 0 && stripeKeys !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three to take cards through Stripe, or none for the built-in test payments',
    );
  }
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.LINK_SIGNING_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  LINK_SIGNING_SECRET: required in production (a random string of at least 32 characters, the same for every API process)',
    );
  }
  if (isProduction && !c.ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  ENCRYPTION_KEY: required in production (32 random bytes as 64 hex digits or in base64, the same for every API process; e.g. `openssl rand -base64 32`)',
    );
  }
  const bankSettings = ['PLATFORM_BANK_ACCOUNT_NAME', 'PLATFORM_BANK_BSB', 'PLATFORM_BANK_ACCOUNT_NUMBER'] as const;
  const missingBank = bankSettings.filter((name) => (env[name] ?? '').trim() === '');
  if (isProduction && missingBank.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missingBank.join(', ')}: required in production (the account payers transfer to, printed on every invoice; the defaults are a demo account)`,
    );
  }
  if (c.TEST_CLOCK && isProduction) {
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: for tests only; never set it in production');
  }
  if (c.TEST_CLOCK && c.DATABASE_URL) {
    // A PostgreSQL server keeps its own clock: now() there and the test clock here would disagree.
    throw new ConfigError('Invalid configuration:\n  TEST_CLOCK: only on the embedded database (unset DATABASE_URL), whose clock follows it');
  }
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    seedDemoData: !isProduction && (env.SEED_DEMO_DATA === undefined || c.SEED_DEMO_DATA),
    warmUpRequests: c.WARM_UP_REQUESTS ?? (c.NODE_ENV === 'test' ? 0 : DEFAULT_WARM_UP_REQUESTS),
    webDistDir: c.WEB_DIST_DIR ? path.resolve(c.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    publicUrl: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    llm:
      c.LLM_BASE_URL && c.LLM_API_KEY
        ? { baseUrl: c.LLM_BASE_URL, apiKey: c.LLM_API_KEY, model: c.LLM_MODEL, timeoutMs: c.LLM_TIMEOUT_MS }
        : null,
    apiDocsPublic: env.API_DOCS_PUBLIC === undefined || env.API_DOCS_PUBLIC === '' ? !isProduction : c.API_DOCS_PUBLIC,
  };
}
