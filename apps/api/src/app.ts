import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES } from '@tendly/domain/compliance';
import type { Config } from './platform/config';
import type { Database } from './platform/db/client';
import { registerCompression } from './platform/http/compression';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web-app';
import './platform/http/app-context';
import { loggerOptions } from './platform/logger';
import { registerAuthentication } from './platform/auth/authenticate';
import { registerAuthorization } from './platform/auth/authorize';
import { loadLinkSigner } from './platform/auth/signed-links';
import { loadFieldCipher } from './platform/crypto/field-cipher';
import { createFileStore } from './platform/files/file-store';
import { mailJobHandlers } from './platform/mail/mail-delivery';
import { emailOptOutPurpose } from './features/auth/notification-preferences-service';
import { createMailTransport } from './platform/mail/mail-transport';
import { createPaymentProvider } from './platform/payments/payment-provider';
import type { PaymentProvider } from './platform/payments/provider';
import { createRateLimitStore } from './platform/rate-limit/rate-limit-store';
import { notificationHandlers } from './platform/notifications/notify';
import { EventStreams } from './platform/realtime/event-stream';
import { createRealtimeBus } from './platform/realtime/realtime-bus';
import { siteConfigFrom } from './platform/site-config';
import { adminRoutes } from './features/admin/admin-routes';
import { annualReviewRoutes } from './features/annual-review/annual-review-routes';
import { accountJobHandlers } from './features/auth/account-jobs';
import { accountDetailsRoutes } from './features/auth/account-details-routes';
import { dataExportHandlers } from './features/auth/data-export-service';
import { authRoutes } from './features/auth/auth-routes';
import { avatarRoutes } from './features/avatars/avatar-routes';
import { checkInRoutes } from './features/check-ins/check-ins-routes';
import { devOutboxRoutes } from './features/dev-outbox/dev-outbox-routes';
import { formsRoutes } from './features/forms/forms-routes';
import { healthRoutes } from './features/health/health-routes';
import { jobAlertRoutes } from './features/jobs/job-alert-routes';
import { jobAlertHandlers } from './features/jobs/job-alerts';
import { jobApplicationRoutes } from './features/jobs/job-application-routes';
import { jobsRoutes } from './features/jobs/jobs-routes';
import { learningRoutes } from './features/learning-hub/learning-routes';
import { enquiryDelivery, loadMessage } from './features/messages/conversations-service';
import { messagesRoutes } from './features/messages/messages-routes';
import { unreadEmailHandlers } from './features/messages/unread-email-job';
import { unsentAttachmentsHandlers } from './features/messages/unsent-attachments-job';
import { newsletterRoutes } from './features/newsletter/newsletter-routes';
import { notificationRoutes } from './features/notifications/notifications-routes';
import { placesRoutes } from './features/places/places-routes';
import { searchRoutes } from './features/search/search-routes';
import { countWorkersUpTo, createSearchContext, findWorkers } from './features/search/search-service';
import { LiveTables } from './platform/live-index/live-tables';
import { WarmUp } from './platform/warm-up/warm-up';
import { reviewRoutes } from './features/reviews/reviews-routes';
import { shortlistRoutes } from './features/search/shortlist-routes';
import { workerProfileRoutes } from './features/search/worker-profile-routes';
import { siteRoutes } from './features/site/site-routes';
import { socialRoutes } from './features/social/social-routes';
import { aliasRoutes } from './features/support-coordinator/alias-routes';
import { linkRoutes } from './features/support-coordinator/link-routes';
import { workerMatchRoutes } from './features/worker-match/worker-match-routes';
import { refereesRoutes } from './features/referees/referees-routes';
import { taxAndSuperRoutes } from './features/tax-and-super/tax-and-super-routes';
import { workerRoutes } from './features/workers/worker-routes';
import { photoRoutes } from './features/worker-photo/photo-routes';
import { adminDocumentsRoutes } from './features/worker-documents/admin-documents-routes';
import { documentsRoutes } from './features/worker-documents/documents-routes';
import { documentExpiryHandlers } from './features/worker-documents/document-expiry-job';
import { contractEndHandlers } from './features/contracts/contract-end-job';
import { contractRoutes } from './features/contracts/contracts-routes';
import { bookingRoutes } from './features/bookings/bookings-routes';
import { meetAndGreetRoutes } from './features/meet-and-greets/meet-and-greets-routes';
import { invoiceRoutes } from './features/invoices/invoices-routes';
import { payoutRoutes } from './features/payouts/payouts-routes';
import { ndisClaimRoutes } from './features/ndis-claims/ndis-claims-routes';
import { payoutRunHandlers } from './features/payouts/payout-run-job';
import { adminPaymentRoutes } from './features/admin-payments/admin-payments-routes';
import { adminMoneyRoutes } from './features/admin-money/admin-money-routes';
import { fundingDetailsRoutes } from './features/funding-details/funding-details-routes';
import { complianceRoutes } from './features/compliance-details/compliance-routes';
import { walletCheckHandlers } from './features/funding-wallet/wallet-notices';
import { walletRoutes } from './features/funding-wallet/wallet-routes';
import { dashboardSummaryRoutes } from './features/care-seeker-dashboard/dashboard-summary-routes';
import { paymentDepsOf, paymentJobHandlers } from './platform/payments/payment-job-handlers';
import { paymentRoutes } from './features/payments/payments-routes';
import { pricingRoutes } from './features/pricing/pricing-routes';
import { shiftReminderHandlers } from './features/bookings/shift-reminder-job';
import { shiftNoteRoutes } from './features/shift-notes/shift-notes-routes';
import { autoApproveHandlers } from './features/timesheets/auto-approve-job';
import { jobReportNoticeHandlers } from './features/timesheets/job-report-notices';
import { jobReportRoutes } from './features/timesheets/job-reports-routes';
import { timesheetRoutes } from './features/timesheets/timesheets-routes';
import { workerOnboardingRoutes } from './features/worker-onboarding/worker-onboarding-routes';

export interface AppDependencies {
  config: Config;
  database: Database;
  /**
   * Tests pass false to keep the output quiet, or a stream to read what the app logs; the server
   * logs JSON to standard output.
   */
  logger?: boolean | { write(line: string): void };
  /** Tests may pass their own (e.g. Stripe pointed at a local fake); otherwise chosen from the config. */
  paymentProvider?: PaymentProvider;
}

/** A client has this long to send its request line and headers... */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * ...and this long for the whole request, body included. Issue 12's uploads set it: a 10 MB
 * compliance document over a slow mobile uplink (1 Mbit/s) takes about 80 seconds. Clients that
 * stall are still cut off by the header and idle limits.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/** A connection on which nothing moves for this long (no bytes read or written) is closed. */
export const IDLE_CONNECTION_TIMEOUT_MS = 60_000;

/**
 * TRUST_PROXY as Fastify takes it. Fastify reads a bare number as "trust nothing" (a hop count
 * cannot tell a proxy from a client that reaches the API directly), so a number of proxies
 * becomes a function trusting that many hops, as proxy-addr always did: the deployer who sets it
 * promises that clients reach the API only through those proxies (README).
 */
function trustedProxies(setting: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Builds the whole HTTP application: platform plugins first, then every feature's routes under
 * /api, then the web app at every other path. Tests build this same app against a real database.
 */
export async function buildApp({ config, database, logger = true, paymentProvider }: AppDependencies): Promise<FastifyInstance> {
  const warmUp: WarmUp = new WarmUp(async (url, headers): Promise<void> => {
    await app.inject({ method: 'GET', url, headers });
  });
  const app = Fastify({
    logger: logger === false ? false : { ...(loggerOptions(config) as object), ...(logger === true ? {} : { stream: logger }) },
    // request.ip, which every per-address limit counts, comes from X-Forwarded-For only when
    // TRUST_PROXY names the proxies that set it; otherwise any client could pick its own address.
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // A client that never finishes its headers or its request, or stops reading its response,
    // must not hold a connection (and a shutdown) for minutes (issue 10).
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    routerOptions: { ignoreTrailingSlash: true },
    // The start-up's own requests (platform/warm-up) leave no lines in the log.
    childLoggerFactory: (parent, bindings, options, rawRequest) =>
      parent.child(bindings, warmUp.isOwnRequest(rawRequest.headers) ? { ...options, level: 'silent' } : options),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  const mailTransport = createMailTransport(config, app.log);
  const rateLimitStore = await createRateLimitStore(config, database);
  app.decorate('mailTransport', mailTransport);
  app.decorate('rateLimitStore', rateLimitStore);
  const linkSigner = await loadLinkSigner(config, database.db);
  app.decorate('linkSigner', linkSigner);
  const fileStore = createFileStore(config);
  app.decorate('fileStore', fileStore);
  const fieldCipher = await loadFieldCipher(config, database.db);
  app.decorate('fieldCipher', fieldCipher);
  const payments = paymentProvider ?? (await createPaymentProvider(config, database.db));
  app.decorate('paymentProvider', payments);
  const eventStreams = new EventStreams();
  // Events other processes sent while this one could not LISTEN are lost: once it listens again,
  // its streams end, and the browsers reconnect and catch up on what they missed.
  const realtime = createRealtimeBus(database, (messageId) => loadMessage(database.db, messageId), app.log, () => eventStreams.endAll());
  app.decorate('jobHandlers', {
    ...mailJobHandlers(mailTransport, fileStore, { publicUrl: config.publicUrl, linkSigner, purposeOf: emailOptOutPurpose }),
    ...jobAlertHandlers({ config, linkSigner }),
    ...accountJobHandlers({ config, rateLimitStore }),
    ...dataExportHandlers({ config, fileStore }),
    ...documentExpiryHandlers({ config }),
    ...contractEndHandlers({ config }),
    ...shiftReminderHandlers({ config }),
    ...unreadEmailHandlers({ config }),
    ...jobReportNoticeHandlers({ config, linkSigner }),
    ...autoApproveHandlers({ config }),
    ...unsentAttachmentsHandlers({ fileStore }),
    ...payoutRunHandlers({ db: database.db, fileStore, fieldCipher, config }),
    ...paymentJobHandlers(paymentDepsOf(config, payments)),
    ...walletCheckHandlers({ config }),
    ...notificationHandlers({ bus: realtime }),
  });
  app.decorate('realtime', realtime);
  app.decorate('eventStreams', eventStreams);
  const liveTables = new LiveTables();
  app.decorate('liveTables', liveTables);
  app.decorate('warmUp', warmUp);
  app.addHook('onReady', async () => {
    liveTables.startAll();
  });
  // Event streams never finish by themselves: end them as the server stops taking connections,
  // so that closing does not wait for them (the browsers reconnect, to another process if any).
  app.addHook('preClose', async () => {
    warmUp.stop();
    eventStreams.endAll();
  });
  app.addHook('onClose', async () => {
    await Promise.all([mailTransport.close(), rateLimitStore.close(), realtime.close(), liveTables.closeAll()]);
  });

  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  // Before any route: the plugin adds its hook to each route as the route is declared.
  await registerCompression(app);
  // Before any route: every /api route must declare its access rule, or the app does not start.
  await registerAuthentication(app);
  registerAuthorization(app);
  // Multipart uploads (issue 12): each upload route reads one file with its own limits through
  // platform/files/uploads.ts; these are the ceilings for anything else.
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 20, fieldSize: 10_000, parts: 21, headerPairs: 100 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.BRAND_NAME} API`,
        description: 'The REST API of the care and support marketplace. Authenticate with the `auth-token` header.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'auth-token' } },
      },
    },
    transform: createJsonSchemaTransform({ zodToJsonConfig: { target: 'draft-2020-12' } }),
  });
  // Without the viewer, /api/docs and /api/docs/json are the API's JSON 404 like any unknown path.
  if (config.apiDocsPublic) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(siteRoutes);
      await api.register(avatarRoutes);
      await api.register(authRoutes);
      await api.register(accountDetailsRoutes);
      await api.register(aliasRoutes);
      await api.register(linkRoutes);
      await api.register(formsRoutes);
      await api.register(newsletterRoutes);
      await api.register(workerRoutes);
      await api.register(photoRoutes);
      await api.register(documentsRoutes);
      await api.register(adminDocumentsRoutes);
      // The worker match widens its radius when the search finds too few: it counts with the search's own rules.
      const countingSearch = createSearchContext(database.db, { resultsTtlMs: config.SEARCH_CACHE_TTL_MS, cellWalk: database.driver === 'postgres' });
      await api.register(workerMatchRoutes, {
        countWorkers: (query, atMost) => countWorkersUpTo(countingSearch, query, atMost),
      });
      await api.register(socialRoutes);
      await api.register(searchRoutes);
      await api.register(placesRoutes);
      await api.register(workerProfileRoutes, {
        deliverEnquiry: enquiryDelivery({ db: database.db, bus: realtime, unreadEmailMinutes: config.UNREAD_MESSAGE_EMAIL_MINUTES }),
      });
      await api.register(shortlistRoutes);
      await api.register(reviewRoutes);
      await api.register(jobsRoutes);
      // The workers suggested after posting a job are the worker search's best matches: one ranking.
      await api.register(jobApplicationRoutes, { findWorkers: (query) => findWorkers(countingSearch, query) });
      await api.register(jobAlertRoutes);
      await api.register(adminRoutes);
      await api.register(workerOnboardingRoutes);
      await api.register(taxAndSuperRoutes);
      await api.register(refereesRoutes);
      await api.register(learningRoutes);
      await api.register(checkInRoutes);
      await api.register(annualReviewRoutes);
      await api.register(contractRoutes);
      await api.register(bookingRoutes);
      await api.register(meetAndGreetRoutes);
      await api.register(messagesRoutes);
      await api.register(invoiceRoutes);
      await api.register(payoutRoutes);
      await api.register(ndisClaimRoutes);
      await api.register(paymentRoutes);
      await api.register(fundingDetailsRoutes);
      await api.register(complianceRoutes);
      await api.register(walletRoutes);
      await api.register(dashboardSummaryRoutes);
      await api.register(adminPaymentRoutes);
      await api.register(adminMoneyRoutes);
      await api.register(pricingRoutes);
      await api.register(timesheetRoutes);
      await api.register(jobReportRoutes);
      await api.register(shiftNoteRoutes);
      await api.register(notificationRoutes);
      // Production never lists emails: there the path is the API's JSON 404.
      if (config.NODE_ENV !== 'production') await api.register(devOutboxRoutes);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { distDir: config.webDistDir, site: siteConfigFrom(config) });
  return app;
}
