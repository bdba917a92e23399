import type { SessionCache } from '../auth/session-cache';
import type { LinkSigner } from '../auth/signed-links';
import type { Config } from '../config';
import type { FieldCipher } from '../crypto/field-cipher';
import type { Database } from '../db/client';
import type { FileStore } from '../files/file-store';
import type { JobHandlers } from '../jobs/job-worker';
import type { LiveTables } from '../live-index/live-tables';
import type { MailTransport } from '../mail/mail-transport';
import type { PaymentProvider } from '../payments/provider';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';
import type { EventStreams } from '../realtime/event-stream';
import type { RealtimeBus } from '../realtime/realtime-bus';
import type { WarmUp } from '../warm-up/warm-up';

/** What every route can reach through the Fastify instance: configuration and the database. */
declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    mailTransport: MailTransport;
    rateLimitStore: RateLimitStore;
    /** Signs and checks links emailed to people (see platform/auth/signed-links.ts). */
    linkSigner: LinkSigner;
    /** The bytes of uploaded and generated files (platform/files). */
    fileStore: FileStore;
    /** Encrypts values kept at rest, such as bank account numbers (platform/crypto). */
    fieldCipher: FieldCipher;
    /** Takes and charges cards: Stripe, or the built-in test provider (platform/payments). */
    paymentProvider: PaymentProvider;
    /** Every background job type the application runs, by type (the server's worker and tests' drainJobs use it). */
    jobHandlers: JobHandlers;
    /** Live events to signed-in people, across API processes on PostgreSQL (platform/realtime). */
    realtime: RealtimeBus;
    /** This process's open event streams: ended when the server stops. */
    eventStreams: EventStreams;
    /** Search indexes held in memory (platform/live-index): started once the app is ready, closed as it stops. */
    liveTables: LiveTables;
    /** Sessions this process verified a moment ago (platform/auth/session-cache.ts). */
    sessionCache: SessionCache;
    /** The start-up's own requests down the hot paths, which features add (platform/warm-up). */
    warmUp: WarmUp;
  }
}

export {};
