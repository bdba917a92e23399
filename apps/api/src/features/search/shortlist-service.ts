import type { MyCarer, ShortlistItem } from '@tendly/domain/api/search';
import { NOT_AUTHORIZED } from '@tendly/domain/errors';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';
import { forbidden, notFound } from '../../platform/errors';
import { insertShortlistItem } from '../../platform/workers/shortlist';
import { isWorkerId, WORKER_NOT_FOUND } from './worker-profile-service';
import {
  deleteShortlistItem,
  isListedWorkerId,
  listMyCarers,
  listShortlist,
} from './shortlist-repository';

export const NOT_ON_SHORTLIST = 'This worker is not on your shortlist.';

/**
 * The shortlist belongs to the person the request acts as (`auth.user`): a care seeker, or the
 * client a support coordinator is acting for. The route's access rule admits only those.
 */
export function getShortlist(db: DbExecutor, auth: RequestAuth): Promise<ShortlistItem[]> {
  return listShortlist(db, auth.user.id);
}

/** POST /api/shortlist: `isNew` false when the worker was already on the list (200 rather than 201). */
export async function addToShortlist(
  db: DbExecutor,
  auth: RequestAuth,
  workerId: string,
): Promise<{ item: ShortlistItem; isNew: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await isListedWorkerId(tx, workerId))) throw notFound(WORKER_NOT_FOUND);
    const isNew = await insertShortlistItem(tx, auth.user.id, workerId);
    const [item] = await listShortlist(tx, auth.user.id, workerId);
    if (!item) throw new Error('addToShortlist: the item just added is not listed');
    return { item, isNew };
  });
}

export async function removeFromShortlist(db: DbExecutor, auth: RequestAuth, workerId: string): Promise<void> {
  if (!isWorkerId(workerId) || !(await deleteShortlistItem(db, auth.user.id, workerId))) throw notFound(NOT_ON_SHORTLIST);
}

/**
 * Policy: may this request see that user's workers (GET /api/user/{id}/my-carers)? Only the user
 * themself, or a support coordinator acting for them (then `auth.user` is that client).
 */
export function canSeeMyCarers(auth: RequestAuth, userId: string): boolean {
  return auth.user.id === userId;
}

export async function getMyCarers(db: DbExecutor, auth: RequestAuth, userId: string, withContractsOnly: boolean): Promise<MyCarer[]> {
  if (!canSeeMyCarers(auth, userId)) throw forbidden(NOT_AUTHORIZED);
  return listMyCarers(db, auth.user.id, withContractsOnly);
}
