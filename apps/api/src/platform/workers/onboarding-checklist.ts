import { and, count, eq, gte, isNull, ne, or } from 'drizzle-orm';
import { REQUIRED_INDUCTION_MODULE } from '@tendly/domain/learning';
import { todayInAustralia } from '@tendly/domain/validation/compliance-documents';
import { workerOnboardingChecklist, type OnboardingChecklist } from '@tendly/domain/worker-onboarding';
import type { DbExecutor } from '../db/client';
import { AppError } from '../errors';
import { learningQuizAttempts, workerDocuments, workerReferees, workerTaxDetails } from '../db/schema/onboarding';
import { type workerProfiles } from '../db/schema/workers';

type ProfileRow = typeof workerProfiles.$inferSelect;

/**
 * The onboarding checklist of one worker (domain worker-onboarding.ts), worked out from their
 * profile row and what the onboarding tables hold. The dashboard's completeness, the welcome page
 * and "Submit for review" all read it here, so they never disagree.
 *
 * A document counts while it is current: not replaced by a renewal, not rejected by an
 * administrator, and not past its expiry date (a date in Australia, on `now`). One waiting for
 * review counts: the worker has done their part.
 */
export async function loadOnboardingChecklist(db: DbExecutor, profile: ProfileRow, now = new Date()): Promise<OnboardingChecklist> {
  const workerId = profile.userId;
  const [documents, [referees], [tax], [induction]] = await Promise.all([
    db
      .selectDistinct({ kind: workerDocuments.kind })
      .from(workerDocuments)
      .where(
        and(
          eq(workerDocuments.workerId, workerId),
          isNull(workerDocuments.supersededAt),
          ne(workerDocuments.status, 'REJECTED'),
          or(isNull(workerDocuments.expiresOn), gte(workerDocuments.expiresOn, todayInAustralia(now))),
        ),
      ),
    db.select({ n: count() }).from(workerReferees).where(eq(workerReferees.workerId, workerId)),
    db.select({ n: count() }).from(workerTaxDetails).where(eq(workerTaxDetails.workerId, workerId)),
    db
      .select({ n: count() })
      .from(learningQuizAttempts)
      .where(
        and(
          eq(learningQuizAttempts.workerId, workerId),
          eq(learningQuizAttempts.moduleCode, REQUIRED_INDUCTION_MODULE),
          eq(learningQuizAttempts.passed, true),
        ),
      ),
  ]);
  return workerOnboardingChecklist({
    ...profile,
    currentDocumentKinds: documents.map((row) => row.kind),
    refereeCount: referees?.n ?? 0,
    hasTaxDetails: (tax?.n ?? 0) > 0,
    hasPassedInduction: (induction?.n ?? 0) > 0,
  });
}

/**
 * The 409 that refuses to go on while required items of the checklist are not done: its field
 * errors name each missing item by id, with its label. "Submit for review" answers it to the
 * worker and approval to the administrator (issue 29), so both list the same things.
 */
export function onboardingIncomplete(message: string, checklist: OnboardingChecklist): AppError {
  const missing = Object.fromEntries(checklist.items.filter((item) => item.isRequired && !item.isDone).map((item) => [item.id, item.label]));
  return new AppError(409, message, { code: 'ONBOARDING_INCOMPLETE', fieldErrors: missing });
}
