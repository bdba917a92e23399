import { addDays, addMonths, addYears, format, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import {
  complianceDocumentKinds,
  complianceDocumentRule,
  type ComplianceDocumentKind,
} from '../compliance';
import { formatCalendarDate } from '../format';
import { instantToLocalDate } from '../shift-time';
import { stateCodes, type StateCode } from '../states';
import { safeText } from './safe-text';

/**
 * What a worker gives when they add or renew a compliance document (issue 12), apart from the
 * file itself. The form and the API check with the same schema. The rules depend on the day
 * (an expired document cannot be added; a police check must be recent), so the schema is made
 * for a given day: `complianceDocumentSchema(today)`.
 */

/** The day the product counts from: Australian Eastern time, where most workers are. */
export const COMPLIANCE_TIME_ZONE = 'Australia/Sydney';

/** Today's date (YYYY-MM-DD) in Australian Eastern time. */
export function todayInAustralia(now: Date = new Date()): string {
  return instantToLocalDate(now, COMPLIANCE_TIME_ZONE);
}

/** "3 March 2027", as the product writes dates (a calendar date: see `formatCalendarDate`). */
export function formatLongDate(isoDate: string): string {
  return formatCalendarDate(isoDate);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isIsoDate(value: string): boolean {
  return ISO_DATE.test(value) && isValid(parseISO(value)) && format(parseISO(value), 'yyyy-MM-dd') === value;
}

export const KIND_MESSAGE = 'Choose which document this is.';
export const NUMBER_MESSAGE = 'Enter the number printed on your document.';
export const STATE_MESSAGE = 'Choose the state or territory that issued it.';
export const QUALIFICATION_TITLE_MESSAGE = 'Enter the name of the qualification, for example Certificate III in Individual Support.';
export const ISSUED_ON_MESSAGE = 'Enter the date it was issued.';
export const ISSUED_IN_FUTURE_MESSAGE = 'The issue date cannot be in the future.';
export const EXPIRES_ON_MESSAGE = 'Enter the date it expires.';
export const EXPIRY_BEFORE_ISSUE_MESSAGE = 'The expiry date must be after the issue date.';
export const EXPIRED_MESSAGE = 'This document has already expired. Please upload a current one.';

/**
 * The last expiry date a document of this kind issued on `issuedOn` can have (its validity in
 * whole years from the issue date), or null when its own expiry date rules or the date is not real.
 * The upload form starts the expiry date there, which is the date printed on most of them.
 */
export function latestExpiryDate(kind: ComplianceDocumentKind, issuedOn: string): string | null {
  const { validYears } = complianceDocumentRule(kind);
  const issued = parseISO(issuedOn);
  if (validYears === null || !/^\d{4}-\d{2}-\d{2}$/.test(issuedOn) || Number.isNaN(issued.getTime())) return null;
  return format(addYears(issued, validYears), 'yyyy-MM-dd');
}

export function tooLongValidityMessage(kind: ComplianceDocumentKind, validYears: number, latest: string): string {
  return `A ${complianceDocumentRule(kind).label.toLowerCase()} lasts ${validYears} ${validYears === 1 ? 'year' : 'years'} from its issue date, so its expiry date cannot be after ${formatLongDate(latest)}.`;
}

export function tooOldWhenAddedMessage(kind: ComplianceDocumentKind, months: number): string {
  return `A ${complianceDocumentRule(kind).label.toLowerCase()} must have been issued in the last ${months} months when you add it. Please apply for a new one.`;
}

const optionalText = (maxLength: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(maxLength, { error: tooLong })
    .check(safeText())
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value));

/** The fields as they come from the form (all text; empty means not given). */
export const complianceDocumentFieldsSchema = z.object({
  kind: z.enum(complianceDocumentKinds, { error: KIND_MESSAGE }),
  number: optionalText(40, 'The number can be at most 40 characters.'),
  issuingState: z
    .enum(['', ...stateCodes], { error: STATE_MESSAGE })
    .optional()
    .transform((value): StateCode | null => (value ? value : null)),
  title: optionalText(200, 'The name can be at most 200 characters.'),
  issuedOn: z.string({ error: ISSUED_ON_MESSAGE }).trim().refine(isIsoDate, { error: ISSUED_ON_MESSAGE }),
  expiresOn: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value))
    .refine((value) => value === null || isIsoDate(value), { error: EXPIRES_ON_MESSAGE }),
});

export type ComplianceDocumentInput = z.input<typeof complianceDocumentFieldsSchema>;
export type ComplianceDocumentFields = z.output<typeof complianceDocumentFieldsSchema>;

/** The fields and the rules of the document's kind, for a given day (YYYY-MM-DD). */
export function complianceDocumentSchema(today: string) {
  return complianceDocumentFieldsSchema.superRefine((value, ctx) => {
    const rule = complianceDocumentRule(value.kind);
    const issue = (path: keyof ComplianceDocumentFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (rule.hasNumber && !value.number) issue('number', NUMBER_MESSAGE);
    if (rule.hasIssuingState && !value.issuingState) issue('issuingState', STATE_MESSAGE);
    if (value.kind === 'QUALIFICATION' && !value.title) issue('title', QUALIFICATION_TITLE_MESSAGE);
    if (value.issuedOn > today) issue('issuedOn', ISSUED_IN_FUTURE_MESSAGE);
    if (rule.maxAgeMonthsWhenAdded !== null) {
      const earliest = format(addMonths(parseISO(today), -rule.maxAgeMonthsWhenAdded), 'yyyy-MM-dd');
      if (value.issuedOn < earliest) issue('issuedOn', tooOldWhenAddedMessage(value.kind, rule.maxAgeMonthsWhenAdded));
    }
    if (value.expiresOn === null) {
      if (rule.expiryRequired) issue('expiresOn', EXPIRES_ON_MESSAGE);
      return;
    }
    if (value.expiresOn <= value.issuedOn) {
      issue('expiresOn', EXPIRY_BEFORE_ISSUE_MESSAGE);
      return;
    }
    if (rule.validYears !== null) {
      const latest = latestExpiryDate(value.kind, value.issuedOn) ?? value.expiresOn;
      if (value.expiresOn > latest) {
        issue('expiresOn', tooLongValidityMessage(value.kind, rule.validYears, latest));
        return;
      }
    }
    if (value.expiresOn < today) issue('expiresOn', EXPIRED_MESSAGE);
  });
}

/** An administrator's decision on a document. */
export const REJECT_REASON_MESSAGE = 'Tell the worker why it was not accepted, so they can fix it.';
export const documentReviewSchema = z
  .object({
    decision: z.enum(['APPROVED', 'REJECTED'], { error: 'Choose whether to approve or reject the document.' }),
    reason: z.string().trim().max(1000, { error: 'The reason can be at most 1000 characters.' }).check(safeText('multi')).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'REJECTED' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: REJECT_REASON_MESSAGE });
  });
export type DocumentReviewRequest = z.infer<typeof documentReviewSchema>;

/** A calendar date (YYYY-MM-DD) moved by a number of days. */
export function shiftDate(day: string, days: number): string {
  return format(addDays(parseISO(day), days), 'yyyy-MM-dd');
}
