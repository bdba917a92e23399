import { describe, expect, it } from 'vitest';
import { shiftSchema } from '@tendly/domain/api/bookings';
import { routeTable } from '@tendly/domain/routes';
import type { MailMessage } from './platform/mail/mail-message';
import { emailSite } from './platform/mail/email-site';
import { chargeFailedEmail, payerInvoiceEmail, paymentEmailSite } from './platform/payments/payment-emails';
import { workerApprovedEmail, workerChangesRequestedEmail, workerRestoredEmail, workerSuspendedEmail } from './features/admin/admin-emails';
import { annualReviewSignedOffEmail } from './features/annual-review/annual-review-emails';
import { passwordResetEmail, registrationAttemptEmail, verificationEmail, welcomeEmail } from './features/auth/account-emails';
import {
  bookingMadeEmail,
  seriesCancelledEmail,
  seriesChangedEmail,
  seriesConfirmedEmail,
  shiftCancelledEmail,
  shiftChangedEmail,
  shiftConfirmedEmail,
  shiftReminderEmail,
} from './features/bookings/booking-emails';
import { contractEmail } from './features/contracts/contract-emails';
import { applicationDeclinedEmail, jobAlertEmail, jobInvitationEmail } from './features/jobs/job-emails';
import { unreadMessageEmail } from './features/messages/unread-email-job';
import { referenceRequestEmail } from './features/referees/referee-emails';
import { enquiryEmail } from './features/search/enquiry-email';
import {
  jobReportApprovedEmail,
  jobReportNeedsApprovalEmail,
  jobReportRejectedEmail,
  jobReportToDecideEmail,
  type ReportSummary,
} from './features/timesheets/job-report-emails';
import { documentExpiredEmail, documentRejectedEmail, expiryWarningEmail, profileActiveAgainEmail } from './features/worker-documents/document-emails';
import { reviewRequestedEmail, reviewSubmittedEmail } from './features/worker-onboarding/worker-onboarding-emails';

/**
 * Issue 31, item 8: an email's button leads to the thing the email is about (the conversation, the
 * agreement, the shift, the job report, the invoice), through sign-in when needed, never to a
 * bare /login or dashboard unless the email is about signing in or the account itself. Each email
 * builder is run with sample records; its button must open a route of the web app's route table
 * and name the record.
 */

const PUBLIC_URL = 'https://app.tendly.example';
const config = {
  BRAND_NAME: 'Tendly',
  SUPPORT_EMAIL: 'support@tendly.example',
  SUPPORT_PHONE: '1300 000 000',
  publicUrl: PUBLIC_URL,
};
const site = emailSite(config);
const paymentSite = paymentEmailSite({ ...config, PLATFORM_BANK_ACCOUNT_NAME: 'Tendly Pty Ltd', PLATFORM_BANK_BSB: '062-000', PLATFORM_BANK_ACCOUNT_NUMBER: '12345678' });

const ids = {
  conversation: '0b1c2d3e-0000-4000-8000-00000000c0c0',
  contract: '0b1c2d3e-0000-4000-8000-00000000a9a9',
  invoice: '0b1c2d3e-0000-4000-8000-0000000011a1',
  timesheet: '0b1c2d3e-0000-4000-8000-00000000f1f1',
  job: '0b1c2d3e-0000-4000-8000-000000000b0b',
  worker: '0b1c2d3e-0000-4000-8000-00000000e0e0',
  shift: '0b1c2d3e-0000-4000-8000-000000005151',
};
const worker = { email: 'sam@example.com', firstName: 'Sam', lastName: 'Lee' };
const careSeeker = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Brown' };
const person = (p: typeof worker, id: string) => ({ ...p, id, status: 'ACTIVE', avatarUrl: null });
const shift = shiftSchema.parse({
  id: ids.shift,
  bookingId: '0b1c2d3e-0000-4000-8000-00000000b00c',
  contractId: ids.contract,
  careSeeker: { id: '0b1c2d3e-0000-4000-8000-00000000ca5e', firstName: 'Ann', lastName: 'Brown' },
  worker: { id: ids.worker, firstName: 'Sam', lastName: 'Lee' },
  clientName: 'Ann Brown',
  state: 'NSW',
  timeZone: 'Australia/Sydney',
  startsAt: '2026-12-08T09:00:00+11:00',
  endsAt: '2026-12-08T11:00:00+11:00',
  startLocal: '2026-12-08T09:00',
  endLocal: '2026-12-08T11:00',
  durationMinutes: 120,
  scheduleResponseStatus: 'CONFIRMED',
  statusChangedAt: '2026-12-01T09:00:00+11:00',
  repeat: 'NONE',
  note: '',
  cancellation: null,
});
/** A weekly series of two, this shift first. */
const series = [
  { ...shift, repeat: 'WEEKLY' as const },
  shiftSchema.parse({ ...shift, id: '0b1c2d3e-0000-4000-8000-000000005152', repeat: 'WEEKLY', startsAt: '2026-12-15T09:00:00+11:00', endsAt: '2026-12-15T11:00:00+11:00', startLocal: '2026-12-15T09:00', endLocal: '2026-12-15T11:00' }),
];
const report: ReportSummary = {
  timesheetId: ids.timesheet,
  kind: 'SHIFT',
  workerName: 'Sam Lee',
  careSeekerName: 'Ann Brown',
  clientName: 'Ann Brown',
  state: 'NSW',
  startLocal: '2026-12-08T09:00',
  endLocal: '2026-12-08T11:00',
  autoApproveAt: null,
  timeZone: 'Australia/Sydney',
};
const job = { id: ids.job, title: 'Help at home', summary: 'Two mornings a week.', suburb: 'Newtown', state: 'NSW' };
const document = { kind: 'POLICE_CHECK' as const, issuingState: null, expiresOn: '2026-12-31' };
const payer = { to: careSeeker.email, firstName: 'Ann', invoiceNumber: 'INV-1001', paymentReference: 'TND1001', invoiceId: ids.invoice, totalCents: 12_000 };

/**
 * Every email with a button, the route it must open and the record it must name. `about` says why
 * a list or home is the right place when no single record is the subject.
 */
const emails: { name: string; build: () => MailMessage; route: string; names?: string; about?: string }[] = [
  { name: 'new message from a care seeker (enquiry)', build: () => enquiryEmail(site, worker, careSeeker, 'Hello there', ids.conversation), route: 'messages', names: ids.conversation },
  { name: 'unread message', build: () => unreadMessageEmail(site, person(worker, ids.worker), person(careSeeker, 'x'), { id: 'm', conversationId: ids.conversation, senderId: 'x', actedByUserId: null, coordinatorFirstName: null, coordinatorLastName: null, body: 'Hi', createdAt: new Date() }), route: 'messages', names: ids.conversation },
  { name: 'service agreement offered', build: () => contractEmail(site, worker, careSeeker, ids.contract, { kind: 'offered' }), route: 'contract', names: ids.contract },
  { name: 'service agreement ended', build: () => contractEmail(site, careSeeker, worker, ids.contract, { kind: 'ended', endDate: '2026-12-31' }), route: 'contract', names: ids.contract },
  { name: 'shifts booked', build: () => bookingMadeEmail(site, worker, 'Ann Brown', [shift]), route: 'shift', names: ids.shift },
  { name: 'a series booked', build: () => bookingMadeEmail(site, worker, 'Ann Brown', series), route: 'shift', names: ids.shift, about: 'the first shift, whose page shows the series and its moves' },
  { name: 'shift confirmed', build: () => shiftConfirmedEmail(site, careSeeker, 'Sam Lee', shift), route: 'shift', names: ids.shift },
  { name: 'shift changed', build: () => shiftChangedEmail(site, worker, 'Ann Brown', shift), route: 'shift', names: ids.shift },
  { name: 'shift cancelled', build: () => shiftCancelledEmail(site, worker, 'Ann Brown', shift, 'Unwell'), route: 'shift', names: ids.shift },
  { name: 'shift reminder', build: () => shiftReminderEmail(site, worker, 'Ann Brown', shift), route: 'shift', names: ids.shift },
  { name: 'series confirmed', build: () => seriesConfirmedEmail(site, careSeeker, 'Sam Lee', series), route: 'shift', names: ids.shift },
  { name: 'series changed', build: () => seriesChangedEmail(site, worker, 'Ann Brown', series), route: 'shift', names: ids.shift },
  { name: 'series cancelled', build: () => seriesCancelledEmail(site, worker, 'Ann Brown', series, 'Moving away'), route: 'shift', names: ids.shift },
  { name: 'job report to decide', build: () => jobReportToDecideEmail(site, careSeeker, report), route: 'unapprovedInvoices', names: `report=${ids.timesheet}`, about: 'Job reports, opened at this report, where reports are approved' },
  { name: 'job report needs approval', build: () => jobReportNeedsApprovalEmail(site, careSeeker, report, ['More than 12 hours']), route: 'unapprovedInvoices', names: `report=${ids.timesheet}`, about: 'Job reports, opened at this report, where reports are approved' },
  { name: 'job report approved', build: () => jobReportApprovedEmail(site, worker, report, { id: ids.invoice, number: 'INV-1001' }, false), route: 'invoice', names: ids.invoice },
  { name: 'job report rejected', build: () => jobReportRejectedEmail(site, worker, report, 'Wrong day', ids.timesheet), route: 'submitTimesheet', names: ids.timesheet },
  { name: 'cancellation charge rejected', build: () => jobReportRejectedEmail(site, worker, { ...report, kind: 'CANCELLATION' }, 'Not short notice', ids.timesheet), route: 'unapprovedInvoices', names: `report=${ids.timesheet}`, about: 'Job reports, opened at this report' },
  { name: 'invoice to pay', build: () => payerInvoiceEmail(paymentSite, { ...payer, clientName: 'Ann Brown', workerName: 'Sam Lee', dueDate: '2026-12-20', pdf: Buffer.from('%PDF') }), route: 'invoice', names: ids.invoice },
  { name: 'card payment failed', build: () => chargeFailedEmail(paymentSite, { ...payer, cardText: 'Visa ending 4242', reason: 'Declined', nextRetryAt: null }), route: 'invoice', names: ids.invoice },
  { name: 'job invitation', build: () => jobInvitationEmail(site, worker, careSeeker, job, 'Please apply'), route: 'jobDetails', names: ids.job },
  { name: 'job alert', build: () => jobAlertEmail(site, worker, job, 2_500, `${PUBLIC_URL}/carer/unsubscribe/nearbyjobs?token=t`), route: 'jobDetails', names: ids.job },
  { name: 'application declined', build: () => applicationDeclinedEmail(site, worker, job), route: 'jobSearch', about: 'other jobs to apply for' },
  { name: 'profile ready for review (to the team)', build: () => reviewRequestedEmail(site, worker, ids.worker), route: 'adminWorkerReview', names: ids.worker },
  { name: 'profile sent for review', build: () => reviewSubmittedEmail(site, worker), route: 'workerWelcome', about: 'the onboarding checklist' },
  { name: 'profile approved', build: () => workerApprovedEmail(site, worker), route: 'workerDashboard', about: 'the worker’s profile status, which the dashboard shows' },
  { name: 'profile changes requested', build: () => workerChangesRequestedEmail(site, worker, ['Add a photo']), route: 'workerWelcome', about: 'the checklist to fix and send again' },
  { name: 'profile no longer paused', build: () => workerRestoredEmail(site, worker, true), route: 'workerDashboard', about: 'the worker’s profile status' },
  { name: 'document expires soon', build: () => expiryWarningEmail(site, worker, document, 14), route: 'workerDocuments', about: 'the worker’s checks and documents' },
  { name: 'document expired', build: () => documentExpiredEmail(site, worker, document), route: 'workerDocuments', about: 'the worker’s checks and documents' },
  { name: 'document rejected', build: () => documentRejectedEmail(site, worker, document, 'Blurry'), route: 'workerDocuments', about: 'the worker’s checks and documents' },
  { name: 'profile active again', build: () => profileActiveAgainEmail(site, worker, document), route: 'workerDashboard', about: 'the worker’s profile status' },
  { name: 'reference request', build: () => referenceRequestEmail(site, { name: 'Jo', email: 'jo@example.com' }, worker, 'tok3n', new Date('2026-12-31')), route: 'referenceForm', names: 'tok3n' },
  { name: 'annual review signed off', build: () => annualReviewSignedOffEmail(config, worker, 2026, 'Well done'), route: 'workerAnnualReview', about: 'the review itself' },
  { name: 'password reset', build: () => passwordResetEmail(site, worker, `${PUBLIC_URL}/resetPassword?email=sam%40example.com&token=t`), route: 'resetPassword', names: 'token=t' },
  { name: 'welcome', build: () => welcomeEmail(site, { ...worker, role: 'CR' }), route: 'login', about: 'signing in to a new account' },
  { name: 'registration attempt', build: () => registrationAttemptEmail(site, worker), route: 'login', about: 'signing in to the account that already exists' },
];

/**
 * The route of the web app's table a path opens, matching `:param` segments; null when none does.
 * As in the router, a fixed segment wins over a parameter (`/jobs/search` before `/jobs/:jobId`).
 */
function routeOf(pathname: string): string | null {
  const params = (path: string) => (path.match(/:/g) ?? []).length;
  const matches = routeTable.filter((route) => {
    if (route.path.includes('{')) return false;
    const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  return [...matches].sort((a, b) => params(a.path) - params(b.path))[0]?.id ?? null;
}

/** The button's address: the layout writes it as the one link in the brand-coloured cell. */
function buttonUrl(email: MailMessage): URL | null {
  const found = /<td style="border-radius: 6px; background: #[0-9a-f]{6};"><a href="([^"]+)"/.exec(email.html);
  return found?.[1] ? new URL(found[1].replaceAll('&amp;', '&')) : null;
}

describe('every email’s button opens the thing it is about (issue 31, item 8)', () => {
  it.each(emails)('$name', ({ build, route, names, about }) => {
    const url = buttonUrl(build());
    expect(url, 'the email has a button').not.toBeNull();
    if (!url) return;
    expect(url.origin).toBe(PUBLIC_URL);
    expect(routeOf(url.pathname)).toBe(route);
    if (names) expect(`${url.pathname}${url.search}`).toContain(names);
    // A login page or a home is the answer only for an email about signing in or the account.
    if (['login', 'careSeekerDashboard', 'workerDashboard', 'home'].includes(route)) expect(about).toBeTruthy();
  });

  it.each([
    { name: 'verification code', build: () => verificationEmail(site, worker, '123456') },
    { name: 'profile paused', build: () => workerSuspendedEmail(site, worker, 'Checks under review') },
  ])('$name has no button: there is nothing in the app to open', ({ build }) => {
    expect(buttonUrl(build())).toBeNull();
  });

  it('every route an email opens is in the web app’s route table', () => {
    for (const { route } of emails) expect(routeTable.some((r) => r.id === route), route).toBe(true);
  });

  it('the new-message email no longer sends the worker to the login page', () => {
    const url = buttonUrl(enquiryEmail(site, worker, careSeeker, 'Hello there', ids.conversation));
    expect(url?.pathname).toBe('/messages');
    expect(url?.searchParams.get('conversation')).toBe(ids.conversation);
  });
});
