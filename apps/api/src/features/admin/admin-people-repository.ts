import { and, desc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PersonRow } from '@tendly/domain/api/admin';
import type { ResultTotal } from '@tendly/domain/api/result-total';
import type { Role } from '@tendly/domain/roles';
import type { UserStatus } from '@tendly/domain/profile-options';
import type { DbExecutor } from '../../platform/db/client';
import { countUpToCap } from '../../platform/db/count-up-to-cap';
import { sessions, users } from '../../platform/db/schema/accounts';

/**
 * The expression of the trigram index `users_admin_search_trgm_idx` (migration 0011): a search
 * must use exactly this to be answered from the index.
 */
const searchableText = sql`(lower(${users.firstName} || ' ' || ${users.lastName}) || ' ' || ${users.email} || ' ' || coalesce(${users.phone}, ''))`;

/** `text` as a LIKE pattern that matches it anywhere, with LIKE's own characters taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface PeopleFilter {
  start: number;
  limit: number;
  q?: string | undefined;
  role?: Role | undefined;
  status?: UserStatus | undefined;
}

function conditionsOf(filter: PeopleFilter): SQL[] {
  const conditions: SQL[] = [];
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    // A phone number is stored as digits: "0412 345 678" and "+61 412 345 678" find it too.
    const digits = q.replace(/[\s()+-]/g, '');
    const isPhone = /^\d{3,}$/.test(digits);
    const phoneDigits = isPhone && digits.startsWith('61') && q.startsWith('+') ? `0${digits.slice(2)}` : digits;
    conditions.push(
      isPhone && phoneDigits !== q
        ? or(sql`${searchableText} like ${containing(q)}`, sql`${searchableText} like ${containing(phoneDigits)}`)!
        : sql`${searchableText} like ${containing(q)}`,
    );
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.status) conditions.push(eq(users.status, filter.status));
  return conditions;
}

/** One page of accounts, newest first, and how many match (counted up to the cap). */
export async function searchPeople(db: DbExecutor, filter: PeopleFilter): Promise<{ people: PersonRow[]; total: ResultTotal }> {
  const where = and(...conditionsOf(filter));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      role: users.role,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(filter.limit)
    .offset(filter.start);
  return {
    people: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: await countUpToCap(db, users, where),
  };
}

export async function findUser(db: DbExecutor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function lockUser(db: DbExecutor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

export async function setUserStatus(
  db: DbExecutor,
  userId: string,
  changes: { status: UserStatus; deactivatedAt: Date | null; deactivatedReason: string | null },
): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Sessions that still let someone in as this person: their own, and alias sessions acting as them. */
export async function countOpenSessions(db: DbExecutor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sessions)
    .where(
      and(
        or(eq(sessions.userId, userId), eq(sessions.actingUserId, userId)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The administrators, by name: who an inbox item can be assigned to. */
export async function listAdministrators(db: DbExecutor) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')))
    .orderBy(users.firstName, users.lastName, users.id)
    .limit(200);
}
