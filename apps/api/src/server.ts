import { createFileStore } from './platform/files/file-store';
import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { checkExtensions } from './platform/db/check-extensions';
import { openDatabase, type Database } from './platform/db/client';
import { DataDirDamagedError } from './platform/db/data-dir-check';
import { DataDirLockedError } from './platform/db/data-dir-lock';
import { migrateDatabase } from './platform/db/migrate';
import { loadReferenceData } from './platform/db/reference-data';
import { seedDemoData } from './platform/db/seed/seed-demo-data';
import { startEventLoopWatchdog } from './platform/event-loop-watchdog';
import { installTestClock } from './platform/test-clock';
import { startJobWorker } from './platform/jobs/job-worker';
import { failureText } from './platform/logger';
import { collectGarbage } from './platform/collect-garbage';
import { scheduleTodaysDocumentExpiryCheck } from './features/worker-documents/document-expiry-job';
import { scheduleTodaysContractEndCheck } from './features/contracts/contract-end-job';
import { scheduleCurrentShiftReminders } from './features/bookings/shift-reminder-job';
import { scheduleCurrentAutoApprovals } from './features/timesheets/auto-approve-job';
import { scheduleTodaysUnsentAttachmentsCleanup } from './features/messages/unsent-attachments-job';
import { scheduleTodaysPayoutRun } from './features/payouts/payout-run-job';
import { scheduleTodaysDataExportCleanup } from './features/auth/data-export-service';
import { scheduleTodaysWalletCheck } from './features/funding-wallet/wallet-notices';
import { scheduleCurrentPaymentReconciliation } from './platform/payments/reconcile-payments';
import { createShutdown } from './platform/shutdown';

/**
 * Starts the whole product in one process: open the database (PGlite in DATA_DIR, or the server
 * at DATABASE_URL), apply migrations, load reference data and demo data on first start, then
 * serve the API and the web app. The log says how long start-up took and whether it was a first
 * start (ARCHITECTURE.md; issue 2 budgets: first start under 60 s, warm start under 5 s).
 */
async function prepareDatabase(config: Config): Promise<{ database: Database; firstStartSteps: string[] }> {
  const open = () => openDatabase({ ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.dataDir }) });
  const database = await open();
  const steps: string[] = [];
  await migrateDatabase(database);
  // Each extension search relies on must give known answers before anyone searches: a broken one
  // stops start-up here with a clear message (issue 10, section 1).
  await checkExtensions(database.db);
  const reference = await loadReferenceData(database);
  if (reference.loaded) steps.push(`loaded ${reference.localities} localities and ${reference.supportItems} NDIS support items`);
  if (config.seedDemoData) {
    const seeded = await seedDemoData(database.db, { workerCount: config.DEMO_WORKER_COUNT, fileStore: createFileStore(config), encryption: config });
    if (seeded.seeded) steps.push(`seeded the demo accounts and ${seeded.workers} workers`);
  }
  if (database.driver === 'pglite' && steps.length > 0) {
    // PGlite's WebAssembly memory grows while it loads the reference and demo data, and is never
    // given back: opened again, it starts small (issue 33: a first start held 700 MB resident
    // after seeding, the next start on the same data 450 MB).
    await database.close();
    steps.push('opened the database again, to free what loading it took');
    return { database: await open(), firstStartSteps: steps };
  }
  return { database, firstStartSteps: steps };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  }
  // Before anything reads the time: the database, the seed and the jobs all live on the test clock,
  // which read TEST_CLOCK when the process started.
  if (config.TEST_CLOCK) installTestClock(new Date(config.TEST_CLOCK), performance.timeOrigin);

  const started = performance.now();
  const { database, firstStartSteps } = await prepareDatabase(config);
  // Started once the database is ready: a first start's initdb may block the loop for a while.
  if (config.EVENT_LOOP_WATCHDOG_MS > 0) startEventLoopWatchdog({ thresholdMs: config.EVENT_LOOP_WATCHDOG_MS });
  const app = await buildApp({ config, database });
  const databaseMs = Math.round(performance.now() - started);

  // Every API process works the shared background_jobs table (emails, alerts, invoice runs).
  const jobWorker = startJobWorker({ database, handlers: app.jobHandlers, logger: app.log, retryWindowMs: config.JOB_RETRY_HOURS * 3_600_000 });
  // Recurring work queues its next run itself; start-up makes sure today's is queued (once, however
  // many processes start): the daily expiry check of compliance documents (issue 12).
  const daily: [string, () => Promise<boolean>][] = [
    ['compliance document expiry check', () => scheduleTodaysDocumentExpiryCheck(database.db)],
    ['service agreement end check', () => scheduleTodaysContractEndCheck(database.db)],
    ['clean-up of unsent message attachments', () => scheduleTodaysUnsentAttachmentsCleanup(database.db)],
    ['clean-up of expired data exports', () => scheduleTodaysDataExportCleanup(database.db)],
    // The daily payout run (issue 15), at PAYOUT_RUN_TIME in Sydney.
    ['payout run', () => scheduleTodaysPayoutRun(database.db, config.PAYOUT_RUN_TIME)],
    // The funding wallet's daily check (issue 16): forecasts that now run out before the plan ends.
    ['funding wallet check', () => scheduleTodaysWalletCheck(database.db)],
  ];
  for (const [name, schedule] of daily) {
    try {
      await schedule();
    } catch (error) {
      app.log.error({ err: error }, `could not queue today's ${name}`);
    }
  }
  // Shift reminders (issue 13): every 15 minutes, each run queueing the next.
  try {
    await scheduleCurrentShiftReminders(database.db);
  } catch (error) {
    app.log.error({ err: error }, 'could not queue the shift reminder check');
  }
  // Job reports nobody decided in time (issue 14): every 15 minutes, each run queueing the next.
  try {
    await scheduleCurrentAutoApprovals(database.db);
  } catch (error) {
    app.log.error({ err: error }, 'could not queue the job report auto-approval check');
  }
  // Card payments a stopped process left PENDING (issue 27): every 5 minutes, each run queueing the next.
  try {
    await scheduleCurrentPaymentReconciliation(database.db);
  } catch (error) {
    app.log.error({ err: error }, 'could not queue the reconciliation of pending card payments');
  }
  let stoppingJobs: Promise<void> | undefined;
  const stopJobs = () => (stoppingJobs ??= jobWorker.stop());
  // Registered after the app's own onClose hooks, so it runs before them: the jobs in hand finish
  // while the mail transport they may send with is still open.
  app.addHook('onClose', stopJobs);

  // Before listening: a signal that comes as soon as the server is up must find its handler.
  const shutdown = createShutdown({
    server: app.server,
    closeApp: () => app.close(),
    stopJobs,
    closeDatabase: () => database.close(),
    graceMs: config.SHUTDOWN_GRACE_MS,
    logger: app.log,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const readyMs = Math.round(performance.now() - started);
  const processMs = Math.round(process.uptime() * 1000);
  const kind = firstStartSteps.length > 0 ? 'first start' : 'warm start';
  app.log.info(
    { startKind: kind, databaseMs, readyMs, processMs, driver: database.driver },
    `${config.BRAND_NAME} is ready at ${config.publicUrl} (${kind}: ${processMs} ms from process start; database ready in ${databaseMs} ms${
      firstStartSteps.length ? `; ${firstStartSteps.join(', ')}` : ''
    })`,
  );
  // Issue 33: once the search indexes are loaded, each hot path runs requests of the server's own
  // before /api/health says it is warm, so that real traffic does not find it cold.
  await app.liveTables.loaded();
  const warming = performance.now();
  const steps = await app.warmUp.run(config.warmUpRequests, app.log);
  const warmUpMs = Math.round(performance.now() - warming);
  // Before anything else runs (the warm-up's promise has only just resolved, so no request is
  // answered in between): what starting left behind is collected while the server is idle.
  const collectGarbageMs = collectGarbage();
  app.log.info(
    { warmUpMs, warmUpSteps: steps, warmUpRequests: config.warmUpRequests, collectGarbageMs },
    `Warm: ${config.warmUpRequests} requests down each hot path in ${warmUpMs} ms`,
  );
}

main().catch((error: unknown) => {
// A data folder in use or damaged is the operator's to sort out: the message says how, a stack would only hide it.
  const isOperators = error instanceof DataDirLockedError || error instanceof DataDirDamagedError;
  // Otherwise never a failed query's values: a batch insert's would be thousands of them (issue 27).
  process.stderr.write(`Start-up failed: ${isOperators ? error.message : failureText(error)}\n`);
  process.exit(1);
});
