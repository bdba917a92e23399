import { eq } from 'drizzle-orm';
import type { Nominee } from '@tendly/domain/api/timesheets';
import { recordAccountChange, type AccountChangeSite } from '../../platform/audit/account-changes';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { Db } from '../../platform/db/client';
import { accountNominees } from '../../platform/db/schema/billing';
import { findNominee } from './timesheets-repository';

/**
 * The nominee on a care seeker's account (workflows.md "People and accounts"): the person who
 * approves hours for them by an emailed link. Naming someone else, or nobody, stops every link
 * sent to the one before (the links carry the address they were sent to). Each change is in the
 * account's history, and a support coordinator's change is emailed to the client (issue 29).
 */

export async function nomineeOf(db: Db, auth: RequestAuth): Promise<{ nominee: Nominee | null }> {
  const row = await findNominee(db, auth.user.id);
  return { nominee: row ? { name: row.name, email: row.email } : null };
}

/** PUT /api/account/nominee: names (or renames) the nominee. */
export async function saveNominee(db: Db, site: AccountChangeSite, auth: RequestAuth, nominee: Nominee, now = new Date()): Promise<{ nominee: Nominee }> {
  await db.transaction(async (tx) => {
    await tx
      .insert(accountNominees)
      .values({ careSeekerId: auth.user.id, name: nominee.name, email: nominee.email, updatedAt: now })
      .onConflictDoUpdate({ target: accountNominees.careSeekerId, set: { name: nominee.name, email: nominee.email, updatedAt: now } });
    await recordAccountChange(tx, site, auth, {
      action: 'account.nominee_named',
      what: 'the nominee who approves your hours',
      summary: `They named ${nominee.name} (${nominee.email}), who is now emailed to approve your workers’ hours.`,
      routeId: 'invoicesAndHours',
      targetType: 'user',
      targetId: auth.user.id,
    });
  });
  return { nominee };
}

/** DELETE /api/account/nominee: nobody approves by link any more. */
export async function removeNominee(db: Db, site: AccountChangeSite, auth: RequestAuth): Promise<{ nominee: null }> {
  await db.transaction(async (tx) => {
    const removed = await tx.delete(accountNominees).where(eq(accountNominees.careSeekerId, auth.user.id)).returning({ name: accountNominees.name });
    const [before] = removed;
    if (before) {
      await recordAccountChange(tx, site, auth, {
        action: 'account.nominee_removed',
        what: 'the nominee who approves your hours',
        summary: `They removed ${before.name}: nobody approves your workers’ hours by email any more.`,
        routeId: 'invoicesAndHours',
        targetType: 'user',
        targetId: auth.user.id,
      });
    }
  });
  return { nominee: null };
}
