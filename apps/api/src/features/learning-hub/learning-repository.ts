import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { fullName } from '@tendly/domain/format';
import type { LearningProgress } from '@tendly/domain/api/learning';
import type { DbExecutor } from '../../platform/db/client';
import { users } from '../../platform/db/schema/accounts';
import { learningQuizAttempts } from '../../platform/db/schema/onboarding';

const progressRow = z.object({
  module_code: z.string(),
  passed_at: z.union([z.string(), z.date()]).nullable(),
  best_score: z.coerce.number().int().nullable(),
  attempts: z.coerce.number().int(),
});

const toIso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());

/** Every module the worker has attempted, with the first pass, the best score and the number of attempts. */
export async function findProgressByModule(db: DbExecutor, workerId: string): Promise<Map<string, LearningProgress>> {
  const result = await db.execute(sql`
    select module_code,
      min(created_at) filter (where passed) as passed_at,
      max(score_percent) as best_score,
      count(*) as attempts
    from ${learningQuizAttempts}
    where worker_id = ${workerId}
    group by module_code`);
  const progress = new Map<string, LearningProgress>();
  for (const raw of result.rows) {
    const row = progressRow.parse(raw);
    progress.set(row.module_code, { passedAt: toIso(row.passed_at), bestScorePercent: row.best_score, attempts: row.attempts });
  }
  return progress;
}

export async function insertQuizAttempt(
  db: DbExecutor,
  attempt: { workerId: string; moduleCode: string; scorePercent: number; passed: boolean; createdAt: Date },
): Promise<void> {
  await db.insert(learningQuizAttempts).values(attempt);
}

/** How many attempts the worker made at a module from `since` on. */
export async function countAttemptsSince(db: DbExecutor, workerId: string, moduleCode: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(learningQuizAttempts)
    .where(and(eq(learningQuizAttempts.workerId, workerId), eq(learningQuizAttempts.moduleCode, moduleCode), gte(learningQuizAttempts.createdAt, since)));
  return row?.n ?? 0;
}

/** The worker's first passing attempt at a module: its id is the certificate's number, its time the date passed. */
export async function findFirstPass(db: DbExecutor, workerId: string, moduleCode: string): Promise<{ id: string; passedAt: Date } | null> {
  const [row] = await db
    .select({ id: learningQuizAttempts.id, passedAt: learningQuizAttempts.createdAt })
    .from(learningQuizAttempts)
    .where(and(eq(learningQuizAttempts.workerId, workerId), eq(learningQuizAttempts.moduleCode, moduleCode), eq(learningQuizAttempts.passed, true)))
    .orderBy(asc(learningQuizAttempts.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findPersonName(db: DbExecutor, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`findPersonName: no user ${userId}`);
  return fullName(row);
}
