import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ConversationNextStep } from '@tendly/domain/api/conversations';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';
import { contracts, shifts } from '../../platform/db/schema/engagements';
import { isListedWorker } from './conversations-repository';
import { ownConversation } from './conversations-service';

type Side = 'careSeeker' | 'worker';
type Pair = { careSeekerId: string; workerId: string };

/** The pair's live agreement: at most one is offered or active at a time (the contracts service refuses a second). */
async function liveContractOf(db: DbExecutor, pair: Pair) {
  const [live] = await db
    .select({ id: contracts.id, status: contracts.status, state: contracts.clientState })
    .from(contracts)
    .where(and(eq(contracts.careSeekerId, pair.careSeekerId), eq(contracts.workerId, pair.workerId), inArray(contracts.status, ['OFFERED', 'ACTIVE'])))
    .limit(1);
  return live ?? null;
}

async function hasConfirmedShift(db: DbExecutor, contractId: string): Promise<boolean> {
  const [confirmed] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.contractId, contractId), eq(shifts.status, 'CONFIRMED')))
    .limit(1);
  return confirmed !== undefined;
}

/** The earliest unconfirmed shift of the agreement that has not ended: the one to confirm first. */
async function firstUnconfirmedShift(db: DbExecutor, contractId: string, now: Date) {
  const [shift] = await db
    .select({ id: shifts.id, startsAt: shifts.startsAt, endsAt: shifts.endsAt, timeZone: shifts.timeZone })
    .from(shifts)
    .where(and(eq(shifts.contractId, contractId), eq(shifts.status, 'UNCONFIRMED'), gt(shifts.endsAt, now)))
    .orderBy(asc(shifts.startsAt))
    .limit(1);
  return shift ?? null;
}

const step = (code: ConversationNextStep['step'], contractId: string | null = null): ConversationNextStep => ({ step: code, contractId, shift: null });

/** What comes next between the pair, for `side` (see `conversationNextStepSchema`). */
export async function nextStepBetween(db: DbExecutor, pair: Pair, side: Side, now = new Date()): Promise<ConversationNextStep> {
  const live = await liveContractOf(db, pair);
  if (!live) {
    // An offer to a worker who is not listed (an active account and profile) would be refused, as
    // the contracts service does: nothing to suggest then.
    if (!(await isListedWorker(db, pair.workerId))) return step('NONE');
    return step(side === 'careSeeker' ? 'SEND_AGREEMENT' : 'AWAIT_AGREEMENT');
  }
  if (live.status === 'OFFERED') return step(side === 'worker' ? 'ACCEPT_AGREEMENT' : 'AWAIT_ACCEPTANCE', live.id);
  if (await hasConfirmedShift(db, live.id)) return step('NONE', live.id);
  const shift = await firstUnconfirmedShift(db, live.id, now);
  if (!shift) return step(side === 'careSeeker' ? 'BOOK_FIRST_SHIFT' : 'AWAIT_FIRST_SHIFT', live.id);
  return {
    step: side === 'worker' ? 'CONFIRM_FIRST_SHIFT' : 'AWAIT_SHIFT_CONFIRMATION',
    contractId: live.id,
    shift: { id: shift.id, startsAt: shift.startsAt.toISOString(), endsAt: shift.endsAt.toISOString(), state: live.state, timeZone: shift.timeZone },
  };
}

/**
 * GET /api/conversations/{id}/next-step: only the conversation's two sides (a coordinator acting
 * for the care seeker is the care seeker); anyone else gets the conversation's 404.
 */
export async function conversationNextStep(db: DbExecutor, auth: RequestAuth, conversationId: string): Promise<ConversationNextStep> {
  const { conversation, standing } = await ownConversation(db, auth, conversationId);
  return nextStepBetween(db, conversation, standing);
}
