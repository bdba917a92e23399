import type { PersonDetail, PersonRow } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import { revokeAllSessionsOfUser } from '../../platform/auth/session-repository';
import type { Db, DbExecutor } from '../../platform/db/client';
import { conflict, notFound } from '../../platform/errors';
import { recordAdminAction, type AdminActor } from './admin-actor';
import { adminAccountOf } from './admin-account';
import { findHistoryOf } from './admin-audit-repository';
import { isUuid } from '../../platform/http/ids';
import { countOpenSessions, findUser, lockUser, searchPeople, setUserStatus, type PeopleFilter } from './admin-people-repository';
import { findWorkerForReview } from './admin-review-repository';

export const PERSON_NOT_FOUND = 'We could not find that account.';

export function findPeople(db: DbExecutor, filter: PeopleFilter): Promise<{ people: PersonRow[]; total: ResultTotal }> {
  return searchPeople(db, filter);
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** GET /api/admin/people/{userId}: the account, its worker profile's status, open sessions and history. */
export async function getPerson(db: DbExecutor, userId: string): Promise<PersonDetail> {
  const user = isUuid(userId) ? await findUser(db, userId) : null;
  if (!user) throw notFound(PERSON_NOT_FOUND);
  const [worker, openSessions, history] = await Promise.all([
    user.role === 'CR' ? findWorkerForReview(db, userId) : Promise.resolve(null),
    countOpenSessions(db, userId, new Date()),
    findHistoryOf(db, userId),
  ]);
  return {
    account: adminAccountOf(user),
    worker: worker
      ? {
          status: worker.profile.status,
          approvedAt: iso(worker.profile.approvedAt),
          submittedForReviewAt: iso(worker.profile.submittedForReviewAt),
          suspendedAt: iso(worker.profile.suspendedAt),
          suspendedReason: worker.profile.suspendedReason,
          inactiveReason: worker.profile.inactiveReason,
        }
      : null,
    openSessions,
    history,
  };
}

async function requireLockedUser(db: DbExecutor, userId: string) {
  const user = isUuid(userId) ? await lockUser(db, userId) : null;
  if (!user) throw notFound(PERSON_NOT_FOUND);
  return user;
}

/**
 * Deactivates an account: every way in ends at once, its own sessions, the alias sessions it
 * started and those acting as it (revoked in the same transaction), and sign-in then answers
 * spec section 8's deactivated message. An administrator cannot deactivate themself.
 */
export async function deactivatePerson(db: Db, actor: AdminActor, userId: string, reason: string): Promise<PersonDetail> {
  if (userId === actor.userId) throw conflict('You cannot deactivate your own account. Ask another administrator.');
  await db.transaction(async (tx) => {
    const user = await requireLockedUser(tx, userId);
    if (user.status === 'DEACTIVATED') throw conflict('This account is already deactivated.');
    const now = new Date();
    await setUserStatus(tx, userId, { status: 'DEACTIVATED', deactivatedAt: now, deactivatedReason: reason });
    await revokeAllSessionsOfUser(tx, userId, now);
    await recordAdminAction(tx, actor, {
      action: 'user.deactivated',
      targetType: 'user',
      personId: userId,
      detail: { reason, before: { status: user.status }, after: { status: 'DEACTIVATED' } },
    });
  });
  return getPerson(db, userId);
}

/** Reactivates an account; the person signs in again (their old sessions stay ended). */
export async function reactivatePerson(db: Db, actor: AdminActor, userId: string, reason: string): Promise<PersonDetail> {
  await db.transaction(async (tx) => {
    const user = await requireLockedUser(tx, userId);
    if (user.status === 'ACTIVE') throw conflict('This account is already active.');
    await setUserStatus(tx, userId, { status: 'ACTIVE', deactivatedAt: null, deactivatedReason: null });
    await recordAdminAction(tx, actor, {
      action: 'user.reactivated',
      targetType: 'user',
      personId: userId,
      detail: {
        reason,
        before: { status: user.status, deactivatedReason: user.deactivatedReason },
        after: { status: 'ACTIVE', deactivatedReason: null },
      },
    });
  });
  return getPerson(db, userId);
}
