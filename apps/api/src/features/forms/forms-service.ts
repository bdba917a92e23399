import type { FormSubmission } from '@tendly/domain/validation/forms';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import { emailLayoutOf } from '../../platform/mail/email-site';
import { queueMail } from '../../platform/mail/outbox';
import { confirmationEmail, operationsEmail, senderOf } from './form-emails';
import { newFormReference } from './form-reference';
import { insertFormSubmission } from './forms-repository';

export interface FormsContext {
  db: Db;
  config: Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>;
}

/** Whether the person asked to stay anonymous (only feedback and complaints may be anonymous). */
function isAnonymous(submission: FormSubmission): boolean {
  return (submission.kind === 'feedback' || submission.kind === 'complaint') && submission.data.anonymous;
}

/**
 * Stores a form with a new reference, emails everything to the operations team and a
 * confirmation to the sender when they gave an address: all in one transaction, so a form is
 * never stored without its emails or emailed without being stored (workflows.md: feedback,
 * complaints and incidents reach the team by email and are stored with a reference).
 *
 * Where it came from (the signed-in account, the address) is stored to follow up on a form, but
 * not for someone who asked to stay anonymous: either would identify them (issue 10).
 */
export async function submitForm(
  ctx: FormsContext,
  submission: FormSubmission,
  origin: { ip: string; userId: string | null },
): Promise<{ reference: string }> {
  const site = emailLayoutOf(ctx.config);
  const sender = senderOf(submission);
  const stored = isAnonymous(submission) ? { ip: null, userId: null } : origin;
  return ctx.db.transaction(async (tx) => {
    const reference = await insertFormSubmission(
      tx,
      {
        kind: submission.kind,
        data: submission.data,
        email: sender.email,
        userId: stored.userId,
        ip: stored.ip,
        // Any incident may be one the NDIS Commission must hear of within 24 hours (ndis.md): the
        // admin inbox flags every incident report until an administrator says otherwise.
        needsUrgentResponse: submission.kind === 'incident',
      },
      newFormReference,
    );
    await queueMail(tx, operationsEmail(site, submission, reference));
    if (sender.email) await queueMail(tx, confirmationEmail(site, submission, reference, { email: sender.email, name: sender.name }));
    return { reference };
  });
}
