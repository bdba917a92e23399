import type { FormKind } from '@tendly/domain/validation/forms';
import type { DbExecutor } from '../../platform/db/client';
import { formSubmissions } from '../../platform/db/schema/public-site';

export interface NewFormSubmission {
  kind: FormKind;
  data: Record<string, unknown>;
  email: string | null;
  userId: string | null;
  ip: string | null;
  /** An incident report that may be reportable: the admin inbox flags it for the 24-hour response. */
  needsUrgentResponse: boolean;
}

const MAX_REFERENCE_ATTEMPTS = 5;

/**
 * Stores a form under a fresh reference and returns the reference. A reference already taken is
 * skipped with ON CONFLICT DO NOTHING (which, unlike a unique violation, does not abort the
 * caller's transaction) and another is drawn.
 */
export async function insertFormSubmission(
  db: DbExecutor,
  submission: NewFormSubmission,
  newReference: (kind: FormKind) => string,
): Promise<string> {
  for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt += 1) {
    const [row] = await db
      .insert(formSubmissions)
      .values({ ...submission, reference: newReference(submission.kind) })
      .onConflictDoNothing({ target: formSubmissions.reference })
      .returning({ reference: formSubmissions.reference });
    if (row) return row.reference;
  }
  throw new Error(`insertFormSubmission: no free reference after ${MAX_REFERENCE_ATTEMPTS} attempts`);
}
