import type { DbTransaction } from '../db/client';
import { enqueueJob } from '../jobs/job-queue';

/**
 * The funding wallet's check of one participant (issue 16): 80% of a budget spent, or the forecast
 * running out before the plan ends, emails the care seeker and their coordinators once. Its
 * handler lives in features/funding-wallet; billing queues it when an invoice is issued.
 */
export const WALLET_CHECK_JOB = 'funding-wallet.check';

/** Queued in the issuing transaction, so it runs after the invoice is committed (and only then). */
export async function queueWalletCheck(tx: DbTransaction, participantId: string): Promise<void> {
  await enqueueJob(tx, { type: WALLET_CHECK_JOB, payload: { participantId } });
}
