import type { WorkerDocumentKind } from '@tendly/domain/api/compliance-documents';
import { DOCUMENT_EXPIRY_WARNING_DAYS } from '@tendly/domain/compliance';
import { formatLongDate, shiftDate } from '@tendly/domain/validation/compliance-documents';

export type DocumentState = 'missing' | 'awaitingReview' | 'approved' | 'expiresSoon' | 'expired' | 'rejected';

export interface DocumentStatus {
  state: DocumentState;
  /** What the card says, e.g. "Approved until 3 March 2027". */
  text: string;
  /** More to say: a renewal waiting for review, or the reviewer's reason. */
  detail: string | null;
  /**
   * The button that adds one: "Add" when there is none (or it was not accepted), "Renew" when an
   * approved one is current, expiring or expired; none while one is waiting for review, which
   * would only be uploaded over (issue 31, item 10d).
   */
  action: 'Add' | 'Renew' | null;
}

/** What a worker should know about one kind of document today (YYYY-MM-DD). */
export function documentStatus(kind: WorkerDocumentKind, today: string): DocumentStatus {
  const { approved, current } = kind;
  const soon = shiftDate(today, Math.max(...DOCUMENT_EXPIRY_WARNING_DAYS));
  const renewalWaiting = approved && current && current.id !== approved.id && current.status === 'PENDING';
  const renewalRejected = approved && current && current.id !== approved.id && current.status === 'REJECTED';
  if (approved) {
    const detail = renewalWaiting
      ? 'Your renewal is waiting for review.'
      : renewalRejected
        ? `Your renewal was not accepted: ${current.reviewReason ?? 'please upload it again.'}`
        : null;
    const action = renewalWaiting ? null : 'Renew';
    if (!approved.expiresOn) return { state: 'approved', text: 'Approved', detail, action };
    const until = formatLongDate(approved.expiresOn);
    if (approved.expiresOn <= soon) return { state: 'expiresSoon', text: `Expires soon: ${until}`, detail, action };
    return { state: 'approved', text: `Approved until ${until}`, detail, action };
  }
  if (current?.status === 'PENDING') return { state: 'awaitingReview', text: 'Waiting for review', detail: 'Our team usually checks documents within two business days.', action: null };
  if (current?.status === 'REJECTED') {
    return { state: 'rejected', text: 'We could not accept it', detail: current.reviewReason ?? 'Please upload it again.', action: 'Add' };
  }
  if (current?.expired || kind.history.some((document) => document.expired)) {
    const date = current?.expiresOn ?? kind.history.find((document) => document.expired)?.expiresOn ?? null;
    return { state: 'expired', text: date ? `Expired on ${formatLongDate(date)}` : 'Expired', detail: 'Upload the renewed one.', action: 'Renew' };
  }
  return { state: 'missing', text: 'Not added yet', detail: null, action: 'Add' };
}
