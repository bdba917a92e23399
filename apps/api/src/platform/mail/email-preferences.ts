import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';
import { emailPreferences } from '../db/schema/account-settings';

/** The optional kinds of email a person can turn off on /account-details (issue 16). */
export type OptionalEmailKind = 'unreadMessages' | 'shiftReminders';

/**
 * Whether the person wants this kind of optional email: yes unless they turned it off. Asked
 * where such an email is queued; never for security or transactional emails.
 */
export async function wantsEmail(db: DbExecutor, userId: string, kind: OptionalEmailKind): Promise<boolean> {
  const [row] = await db.select({ wanted: emailPreferences[kind] }).from(emailPreferences).where(eq(emailPreferences.userId, userId));
  return row?.wanted ?? true;
}
