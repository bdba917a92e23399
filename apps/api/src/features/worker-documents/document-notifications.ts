import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import type { NewNotification } from '../../platform/notifications/notify';
import { documentNameInSentence, type DocumentInEmail } from './document-emails';

/** The in-app notice beside the expiry warning email (issue 17), linking to the worker's documents. */
export function documentExpiringNotification(workerId: string, document: DocumentInEmail, days: number): NewNotification {
  const name = documentNameInSentence(document.kind, document.issuingState);
  const when = days <= 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  const date = document.expiresOn ? ` on ${formatLongDate(document.expiresOn)}` : '';
  return {
    userId: workerId,
    kind: 'DOCUMENT_EXPIRING',
    title: `Your ${name} expires ${when}`,
    body: `Your ${name} expires${date}. Upload the renewed one to keep your profile active.`,
    link: '/care-worker/documents',
  };
}
