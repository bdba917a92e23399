import { and, eq, sql } from 'drizzle-orm';
import { REQUIRED_INDUCTION_MODULE, type LearningModuleCode } from '@tendly/domain/learning';
import type { DbExecutor } from '../db/client';
import { learningQuizAttempts } from '../db/schema/onboarding';

/**
 * Whether a worker has passed a learning hub module (issue 12). Here rather than in the learning
 * hub feature because onboarding asks it too: a worker submits for review only once they have
 * passed the platform induction.
 */
export async function hasPassedLearningModule(db: DbExecutor, workerId: string, code: LearningModuleCode): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(learningQuizAttempts)
    .where(and(eq(learningQuizAttempts.workerId, workerId), eq(learningQuizAttempts.moduleCode, code), eq(learningQuizAttempts.passed, true)))
    .limit(1);
  return row !== undefined;
}

/** The onboarding checklist's learning item: the platform induction is passed. */
export function hasPassedInduction(db: DbExecutor, workerId: string): Promise<boolean> {
  return hasPassedLearningModule(db, workerId, REQUIRED_INDUCTION_MODULE);
}
