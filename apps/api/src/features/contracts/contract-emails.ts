import { capitalise, fullName } from '@tendly/domain/format';
import { describeSeries, type BookingRepeat } from '@tendly/domain/api/bookings';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import type { Config } from '../../platform/config';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { emailLayout, emailSite, type EmailSite } from '../../platform/mail/email-site';

export type ContractEmailSite = EmailSite;

export type ContractEmailConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;

export const contractEmailSite = emailSite;

interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

/** The planned shifts an acceptance booked: how many, how often, and the first one's local times. */
export interface SeriesSummary {
  count: number;
  repeat: BookingRepeat;
  startLocal: string;
  endLocal: string;
  state: string;
}

/** What happened to the agreement, told to the person it concerns (the other side of the move). */
export type ContractNews =
  | { kind: 'offered' }
  | { kind: 'accepted'; booked?: SeriesSummary | null }
  | { kind: 'declined'; reason: string }
  | { kind: 'withdrawn' }
  | { kind: 'terminated'; reason: string; noticeDate: string }
  | { kind: 'ended'; endDate: string };

/** The heading and lines that tell a person the news: the email's, and the notification's too. */
export function contractNewsText(news: ContractNews, other: string): { heading: string; lines: string[] } {
  switch (news.kind) {
    case 'offered':
      return { heading: `${other} offered you a service agreement`, lines: [`${other} has offered you a service agreement. Review its terms, then accept and sign it or decline it.`] };
    case 'accepted':
      if (news.booked) {
        // Issue 31 item 3: the planned shifts are booked with the acceptance, told in this one message.
        return {
          heading: `${other} accepted your service agreement`,
          lines: [`${other} has accepted and signed your service agreement. It is now active.`, `${capitalise(describeSeries(news.booked, 'booked'))}. ${other} has confirmed them: see them on My bookings.`],
        };
      }
      return { heading: `${other} accepted your service agreement`, lines: [`${other} has accepted and signed your service agreement. It is now active, and you can book shifts under it.`] };
    case 'declined':
      return {
        heading: `${other} declined your service agreement`,
        lines: [`${other} has declined the service agreement you offered.`, ...(news.reason ? [`Their reason: ${news.reason}`] : [])],
      };
    case 'withdrawn':
      return { heading: `${other} withdrew their offer`, lines: [`${other} has withdrawn the service agreement they offered you. There is nothing you need to do.`] };
    case 'terminated':
      return {
        heading: `${other} is ending your service agreement`,
        lines: [
          `${other} has ended your service agreement. Its last day is ${formatLongDate(news.noticeDate)}; shifts booked after that day are cancelled.`,
          `Their reason: ${news.reason}`,
        ],
      };
    case 'ended':
      return {
        heading: 'Your service agreement has ended',
        lines: [`Your service agreement with ${other} reached its end date (${formatLongDate(news.endDate)}) and has ended. To keep working together, offer or accept a new one.`],
      };
  }
}

export function contractEmail(site: ContractEmailSite, recipient: Person, otherParty: Person, contractId: string, news: ContractNews): MailMessage {
  const other = fullName(otherParty);
  const { heading, lines } = contractNewsText(news, other);
  const { html, text } = renderEmail({
    ...emailLayout(site),
    preheader: lines[0] ?? heading,
    heading,
    paragraphs: [`Hi ${recipient.firstName},`, ...lines],
    action: { label: 'View the agreement', url: `${site.publicUrl}/contracts/${contractId}` },
  });
  return { to: recipient.email, category: 'CONTRACTS', subject: heading, html, text };
}
