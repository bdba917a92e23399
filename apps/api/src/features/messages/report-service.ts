import { randomInt } from 'node:crypto';
import { fullName } from '@tendly/domain/format';
import { FORM_REFERENCE_ALPHABET, FORM_REFERENCE_LENGTH } from '@tendly/domain/api/forms';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { recordAudit } from '../../platform/audit/audit-log';
import { formSubmissions } from '../../platform/db/schema/public-site';
import { findPeople } from './conversations-repository';
import { ownConversation, type MessagesContext } from './conversations-service';

/** Reported conversations in the operations inbox: RC and 6 characters, like the forms' references. */
export const CONVERSATION_REPORT_PREFIX = 'RC';
const MAX_REFERENCE_ATTEMPTS = 5;

function newReportReference(): string {
  let suffix = '';
  for (let i = 0; i < FORM_REFERENCE_LENGTH; i += 1) suffix += FORM_REFERENCE_ALPHABET[randomInt(FORM_REFERENCE_ALPHABET.length)];
  return `${CONVERSATION_REPORT_PREFIX}-${suffix}`;
}

const nameOrFormer = (person: { firstName: string; lastName: string } | undefined) => (person ? fullName(person) : 'A former member');

/**
 * POST /api/conversations/{id}/report: an item in the admin inbox (kind conversation-report) with
 * the conversation's id, so the team can open the thread, who reported it and why, and the names of
 * the two people. The reporter's first and last name are the item's sender.
 */
export async function reportConversation(
  ctx: MessagesContext,
  auth: RequestAuth,
  id: string,
  reason: string,
  ip: string,
): Promise<{ reference: string }> {
  return ctx.db.transaction(async (tx) => {
    const { conversation, standing } = await ownConversation(tx, auth, id);
    const people = await findPeople(tx, [conversation.careSeekerId, conversation.workerId, actingPersonId(auth)]);
    const reporter = people.get(auth.user.id);
    const data = {
      firstName: reporter?.firstName ?? '',
      lastName: reporter?.lastName ?? '',
      reportedAs: standing === 'careSeeker' ? 'Care seeker' : 'Worker',
      reportedByCoordinator: auth.actor ? nameOrFormer(people.get(auth.actor.id)) : null,
      careSeekerName: nameOrFormer(people.get(conversation.careSeekerId)),
      workerName: nameOrFormer(people.get(conversation.workerId)),
      conversationId: conversation.id,
      careSeekerId: conversation.careSeekerId,
      workerId: conversation.workerId,
      reason,
    };
    for (let attempt = 0; attempt < MAX_REFERENCE_ATTEMPTS; attempt += 1) {
      const [row] = await tx
        .insert(formSubmissions)
        .values({ kind: 'conversation-report', reference: newReportReference(), data, email: reporter?.email ?? null, userId: actingPersonId(auth), ip })
        .onConflictDoNothing({ target: formSubmissions.reference })
        .returning({ id: formSubmissions.id, reference: formSubmissions.reference });
      if (!row) continue;
      await recordAudit(tx, {
        actorUserId: actingPersonId(auth),
        subjectUserId: auth.user.id,
        action: 'conversation.reported',
        detail: { reference: row.reference, conversationId: conversation.id },
        ip,
        targetType: 'form_submission',
        targetId: row.id,
      });
      return { reference: row.reference };
    }
    throw new Error('reportConversation: no free reference');
  });
}
