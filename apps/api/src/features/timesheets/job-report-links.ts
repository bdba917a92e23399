import { createHash } from 'node:crypto';
import { SUBJECT_BASE36_PATTERN, SUBJECT_ID_PATTERN, type LinkSigner } from '../../platform/auth/signed-links';
import { AppError, notFound } from '../../platform/errors';

/**
 * The nominee's approval link (issue 14): a signed token that approves one job report without
 * signing in. It is made with the platform's link signing for this purpose only, and binds:
 * - the report, and the submission it was sent for (a report rejected and submitted again gets a
 *   new link, and the old one stops working);
 * - the nominee's email address (a link stops working when the care seeker names someone else);
 * - an expiry: the report's auto-approval time plus LINK_GRACE_DAYS, so that the nominee can still
 *   see what happened to it for a while, and an old email is worth nothing after that.
 */
export const APPROVAL_LINK_PURPOSE = 'job-report-approval';
export const LINK_GRACE_DAYS = 7;

export const LINK_NOT_VALID = 'This approval link is not valid. Open the link in the email again, or ask the account holder to approve the hours.';
export const LINK_EXPIRED = 'This approval link has expired. Ask the account holder to approve the hours.';
export const LINK_REPLACED = 'These hours have been changed since this link was sent. Use the link in the latest email.';
export const LINK_NOMINEE_CHANGED = 'You are no longer the nominee on this account, so this link no longer works.';

export interface ApprovalLink {
  timesheetId: string;
  submittedAt: Date;
  expiresAt: Date;
  nomineeEmail: string;
}

/** A short fingerprint of the address (hex, so it never holds the subject's separator). */
export function nomineeFingerprint(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16);
}

export function linkExpiry(autoApproveAt: Date): Date {
  return new Date(autoApproveAt.getTime() + LINK_GRACE_DAYS * 24 * 60 * 60 * 1000);
}

/** The token for the link: `<timesheet>_<submitted ms>_<expiry s>_<fingerprint>.<signature>`. */
export function signApprovalLink(signer: LinkSigner, link: ApprovalLink): Promise<string> {
  const subject = [
    link.timesheetId,
    link.submittedAt.getTime().toString(36),
    Math.floor(link.expiresAt.getTime() / 1000).toString(36),
    nomineeFingerprint(link.nomineeEmail),
  ].join('_');
  return signer.sign(APPROVAL_LINK_PURPOSE, subject);
}

export interface ReadLink {
  timesheetId: string;
  submittedAtMs: number;
  fingerprint: string;
}

/**
 * What a token says, once its signature is ours: a token that is not (tampered, for another
 * purpose, or made up) is a 404; an expired one a 410.
 */
export async function readApprovalLink(signer: LinkSigner, token: string, now: Date): Promise<ReadLink> {
  const subject = await signer.verify(APPROVAL_LINK_PURPOSE, token.trim());
  const parts = subject?.split('_') ?? [];
  const [timesheetId, submitted, expiry, fingerprint] = parts;
  if (parts.length !== 4 || !timesheetId || !SUBJECT_ID_PATTERN.test(timesheetId) || !submitted || !SUBJECT_BASE36_PATTERN.test(submitted) || !expiry || !SUBJECT_BASE36_PATTERN.test(expiry) || !fingerprint) {
    throw notFound(LINK_NOT_VALID);
  }
  if (parseInt(expiry, 36) * 1000 <= now.getTime()) throw new AppError(410, LINK_EXPIRED, { code: 'LINK_EXPIRED' });
  return { timesheetId, submittedAtMs: parseInt(submitted, 36), fingerprint };
}
