import { eq, sql } from 'drizzle-orm';
import type { EmailPreferences } from '@tendly/domain/api/account-details';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';
import { emailPreferences } from '../../platform/db/schema/account-settings';
import { workerProfiles } from '../../platform/db/schema/workers';

/** GET /account-details/email-preferences: every optional kind is on unless turned off. */
export async function emailPreferencesOf(db: DbExecutor, userId: string, role: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  let jobAlerts: boolean | null = null;
  if (role === 'CR') {
    const [profile] = await db.select({ optedOutAt: workerProfiles.jobAlertsOptedOutAt }).from(workerProfiles).where(eq(workerProfiles.userId, userId));
    jobAlerts = profile ? profile.optedOutAt === null : null;
  }
  return { unreadMessages: row?.unreadMessages ?? true, shiftReminders: row?.shiftReminders ?? true, jobAlerts };
}

/** PUT /account-details/email-preferences. `jobAlerts` is ignored for anyone but a worker. */
export async function saveEmailPreferences(db: DbExecutor, auth: RequestAuth, input: EmailPreferences, ip: string): Promise<EmailPreferences> {
  const userId = auth.user.id;
  await db.transaction(async (tx) => {
    const values = { unreadMessages: input.unreadMessages, shiftReminders: input.shiftReminders };
    await tx
      .insert(emailPreferences)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
    if (auth.user.role === 'CR' && input.jobAlerts !== null) {
      await tx
        .update(workerProfiles)
        .set({ jobAlertsOptedOutAt: input.jobAlerts ? null : sql`coalesce(${workerProfiles.jobAlertsOptedOutAt}, now())` })
        .where(eq(workerProfiles.userId, userId));
    }
    await recordAudit(tx, { actorUserId: auth.actor?.id ?? userId, subjectUserId: userId, action: 'account.email_preferences_changed', ip });
  });
  return emailPreferencesOf(db, userId, auth.user.role);
}
