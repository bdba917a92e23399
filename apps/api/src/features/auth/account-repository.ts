import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StateCode } from '@tendly/domain/states';
import { DEFAULT_TRAVEL_RADIUS_KM } from '@tendly/domain/validation/worker-profile';
import type { DbExecutor } from '../../platform/db/client';
import { passwordResets, users, verificationCodes } from '../../platform/db/schema/accounts';
import { localities } from '../../platform/db/schema/reference';
import { workerProfiles } from '../../platform/db/schema/workers';

/** SQL of accounts: users, verification codes and password resets. */

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type WorkerProfileRow = typeof workerProfiles.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/** Emails are stored lower-cased and trimmed; callers pass them parsed by `emailSchema`. */
export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a user; null when the email is already taken (the unique index on lower(email) decides). */
export async function insertUser(db: DbExecutor, values: NewUserRow): Promise<UserRow | null> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function setPasswordHash(db: DbExecutor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Marks the email verified once; false when it already was. */
export async function markEmailVerified(db: DbExecutor, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export interface LocalityMatch {
  id: number;
  latitude: number;
  longitude: number;
}

/** The locality named by suburb, state and postcode (suburb in any letter case), or null. */
export async function findLocality(
  db: DbExecutor,
  place: { suburb: string; state: StateCode; postcode: string },
): Promise<LocalityMatch | null> {
  const [row] = await db
    .select({ id: localities.id, latitude: localities.latitude, longitude: localities.longitude })
    .from(localities)
    .where(
      and(
        sql`lower(${localities.suburb}) = lower(${place.suburb.trim()})`,
        eq(localities.state, place.state),
        eq(localities.postcode, place.postcode),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A new worker's profile: INACTIVE until an admin approves it. The suburb they signed up with is
 * their home suburb, with the default travel distance, so that their area is set from the start.
 */
export async function insertWorkerProfile(
  db: DbExecutor,
  userId: string,
  locality: LocalityMatch | null,
): Promise<void> {
  await db.insert(workerProfiles).values({
    userId,
    status: 'INACTIVE',
    localityId: locality?.id ?? null,
    travelRadiusKm: locality ? DEFAULT_TRAVEL_RADIUS_KM : null,
    latitude: locality?.latitude ?? null,
    longitude: locality?.longitude ?? null,
  });
}

export async function findWorkerProfile(db: DbExecutor, userId: string): Promise<WorkerProfileRow | null> {
  const [row] = await db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId)).limit(1);
  return row ?? null;
}

// Verification codes.

export async function insertVerificationCode(
  db: DbExecutor,
  values: { userId: string; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(verificationCodes).values(values);
}

/** Voids every code of the person that is still open: a new code replaces them. */
export async function voidOpenVerificationCodes(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ voidedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        isNull(verificationCodes.consumedAt),
        isNull(verificationCodes.voidedAt),
      ),
    );
}

/** The newest code of the person, locked until the transaction ends so attempts are counted one by one. */
export async function lockLatestVerificationCode(db: DbExecutor, userId: string): Promise<VerificationCodeRow | null> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.userId, userId))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Counts a wrong attempt; voids the code when it reaches `maxAttempts`. Returns the new count. */
export async function recordWrongVerificationAttempt(
  db: DbExecutor,
  codeId: string,
  maxAttempts: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`${verificationCodes.attempts} + 1`,
      voidedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(verificationCodes.id, codeId))
    .returning({ attempts: verificationCodes.attempts });
  return row?.attempts ?? maxAttempts;
}

export async function consumeVerificationCode(db: DbExecutor, codeId: string, now: Date): Promise<void> {
  await db.update(verificationCodes).set({ consumedAt: now }).where(eq(verificationCodes.id, codeId));
}

// Password resets.

export async function insertPasswordReset(
  db: DbExecutor,
  values: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/**
 * Uses a reset token: marks it used if it belongs to the person, is unused and has not expired.
 * One statement, so two requests with the same link cannot both succeed. False when unusable.
 */
export async function usePasswordReset(
  db: DbExecutor,
  input: { userId: string; tokenHash: string },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, input.tokenHash),
        eq(passwordResets.userId, input.userId),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id });
  return rows.length > 0;
}

/** Retires every other open reset link of the person once the password has changed. */
export async function retireOpenPasswordResets(db: DbExecutor, userId: string, now: Date): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
