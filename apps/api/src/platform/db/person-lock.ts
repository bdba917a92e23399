import { eq } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { users } from './schema/accounts';

/**
 * Holds a person's account row until the transaction ends, so that the writes which lock it run
 * one at a time for that person: a worker's bookings, hours and accepted meet and greets (one lock,
 * so that two of them saved at once cannot both pass the overlap check), a worker's quiz attempts
 * against the day's limit, a care seeker's saved cards. Each such write locks the same row, the
 * same way, through here.
 */
export async function lockPerson(db: DbExecutor, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}
