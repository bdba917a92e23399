import { routePath } from '@tendly/domain/routes';
import { describeSeries, formatShiftWhen, seriesCount, seriesOf, type Shift } from '@tendly/domain/api/bookings';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailSite, type EmailSite } from '../../platform/mail/email-site';
import { subjectEmail } from '../../platform/mail/subject-email';

export type BookingEmailSite = EmailSite;

export const bookingEmailSite = emailSite;

export interface Recipient {
  email: string;
  firstName: string;
}

const shiftWhen = formatShiftWhen;

/**
 * Issue 31 item 8: each email's button opens the shift it is about (the first of a series, whose
 * page shows the whole series and the moves on all of it), through sign-in when needed.
 */
function email(site: BookingEmailSite, to: Recipient, subject: string, paragraphs: string[], shifts: readonly Shift[], category: 'BOOKINGS' | 'SHIFT_REMINDERS' = 'BOOKINGS'): MailMessage {
  const label = shifts.length === 1 ? 'See the shift' : 'See the shifts';
  return subjectEmail(site, {
    to: to.email,
    category,
    subject,
    paragraphs: [`Hi ${to.firstName},`, ...paragraphs],
    action: { label, url: `${site.publicUrl}${routePath('shift', { shiftId: shifts[0]!.id })}` },
  });
}

function listOfTimes(shifts: readonly Shift[]): string {
  const shown = shifts.slice(0, 5).map(shiftWhen).join('; ');
  return shifts.length > 5 ? `${shown}; and ${shifts.length - 5} more` : shown;
}

export function bookingMadeEmail(site: BookingEmailSite, worker: Recipient, careSeekerName: string, shifts: readonly Shift[]): MailMessage {
  const count = shifts.length === 1 ? 'a shift' : `${shifts.length} shifts`;
  return email(site, worker, `${careSeekerName} booked ${count} with you`, [
    `${careSeekerName} booked ${count} under your service agreement: ${listOfTimes(shifts)}.`,
    shifts.length === 1 ? 'Please confirm or decline it, so they know where they stand.' : 'Please confirm or decline them, all at once or one at a time, so they know where they stand.',
  ], shifts);
}

export function shiftConfirmedEmail(site: BookingEmailSite, careSeeker: Recipient, workerName: string, shift: Shift): MailMessage {
  return email(site, careSeeker, `${workerName} confirmed a shift`, [`${workerName} confirmed the shift on ${shiftWhen(shift)}.`], [shift]);
}

export function shiftChangedEmail(site: BookingEmailSite, worker: Recipient, careSeekerName: string, shift: Shift): MailMessage {
  return email(site, worker, `${careSeekerName} changed a shift`, [
    `${careSeekerName} changed a shift to ${shiftWhen(shift)}.`,
    'Please confirm the new time or decline it.',
  ], [shift]);
}

/**
 * A cancelled shift, told to the other side. What it says about a charge follows the shift's
 * short-notice flag (ndis.md "Cancellations"): a no-show, recorded by either side, or the care
 * seeker's late cancellation may be charged; a worker's own cancellation never is.
 */
export function shiftCancelledEmail(site: BookingEmailSite, to: Recipient, byName: string, shift: Shift, reason: string): MailMessage {
  const cancellation = shift.cancellation;
  if (cancellation?.noShow) {
    return email(site, to, `${byName} recorded a no-show`, [
      `${byName} recorded the shift on ${shiftWhen(shift)} as a no-show: the client was not there, or the support could not go ahead.`,
      `Their note: ${reason}`,
      'A no-show is a short-notice cancellation: it may be charged under the service agreement’s cancellation policy.',
    ], [shift]);
  }
  const paragraphs = [`${byName} cancelled the shift on ${shiftWhen(shift)}.`, `Their reason: ${reason}`];
  if (cancellation?.shortNotice) paragraphs.push('This is a short-notice cancellation: it may be charged under the service agreement’s cancellation policy.');
  else if (cancellation?.cancelledBy === 'WORKER') paragraphs.push('The worker cancelled, so there is no charge for this shift.');
  return email(site, to, `${byName} cancelled a shift`, paragraphs, [shift]);
}

export function shiftReminderEmail(site: BookingEmailSite, to: Recipient, otherName: string, shift: Shift): MailMessage {
  return email(site, to, `Reminder: your shift with ${otherName} tomorrow`, [`A reminder of your confirmed shift with ${otherName} on ${shiftWhen(shift)}.`], [shift], 'SHIFT_REMINDERS');
}

/** Issue 31 item 3: one email per move on a series, however many shifts it moves. */
export function seriesConfirmedEmail(site: BookingEmailSite, careSeeker: Recipient, workerName: string, shifts: readonly Shift[]): MailMessage {
  return email(site, careSeeker, `${workerName} confirmed ${seriesCount(shifts.length, shifts[0]!.repeat)}`, [`${workerName} confirmed ${describeSeries(seriesOf(shifts))}.`], shifts);
}

export function seriesChangedEmail(site: BookingEmailSite, worker: Recipient, careSeekerName: string, shifts: readonly Shift[]): MailMessage {
  return email(site, worker, `${careSeekerName} changed ${seriesCount(shifts.length, shifts[0]!.repeat)}`, [
    `${careSeekerName} changed the times of ${describeSeries(seriesOf(shifts))}.`,
    'Please confirm the new times or decline them.',
  ], shifts);
}

export function seriesCancelledEmail(site: BookingEmailSite, to: Recipient, byName: string, shifts: readonly Shift[], reason: string): MailMessage {
  const shortNotice = shifts.filter((shift) => shift.cancellation?.shortNotice).length;
  const paragraphs = [`${byName} cancelled ${describeSeries(seriesOf(shifts))}.`, `Their reason: ${reason}`];
  if (shortNotice > 0) paragraphs.push(shortNoticeLine(shortNotice, shifts.length));
  else if (shifts[0]!.cancellation?.cancelledBy === 'WORKER') paragraphs.push('The worker cancelled, so there is no charge for these shifts.');
  return email(site, to, `${byName} cancelled ${seriesCount(shifts.length, shifts[0]!.repeat)}`, paragraphs, shifts);
}

/** How many of a cancelled series were short notice (chargeable). */
export function shortNoticeLine(shortNotice: number, of: number): string {
  const which = shortNotice === of ? (of === 1 ? 'This is a short-notice cancellation' : 'All of them are short-notice cancellations') : `${shortNotice} of them ${shortNotice === 1 ? 'is a short-notice cancellation' : 'are short-notice cancellations'}`;
  return `${which}: ${shortNotice === 1 ? 'it' : 'they'} may be charged under the service agreement’s cancellation policy.`;
}
