import {
  chosenOptionOf,
  describeMeetAndGreetMode,
  formatMeetAndGreetOption,
  meetAndGreetPath,
  type MeetAndGreet,
} from '@tendly/domain/api/meet-and-greets';
import type { MailMessage } from '../../platform/mail/mail-message';
import type { EmailSite } from '../../platform/mail/email-site';
import { subjectEmail } from '../../platform/mail/subject-email';
import type { NewNotification } from '../../platform/notifications/notify';

/**
 * What each side hears about a meet and greet (issue 31 item 11): one email and one in-app
 * notification per action, both linking to the meet and greet on My bookings.
 */

export interface Recipient {
  id: string;
  email: string;
  firstName: string;
}

export type MeetAndGreetAction = 'REQUESTED' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED';

function times(meeting: MeetAndGreet): string {
  return meeting.options.map((option) => formatMeetAndGreetOption(option, meeting.state)).join('; ');
}

function chosenTime(meeting: MeetAndGreet): string {
  const chosen = chosenOptionOf(meeting);
  return chosen ? formatMeetAndGreetOption(chosen, meeting.state) : '';
}

/** The subject (and notification title) and the sentences, for the person who did not act. */
export function describeAction(action: MeetAndGreetAction, meeting: MeetAndGreet, byName: string): { title: string; body: string[] } {
  const how = describeMeetAndGreetMode(meeting);
  const note = meeting.responseNote ? [`Their note: ${meeting.responseNote}`] : [];
  switch (action) {
    case 'REQUESTED':
      return {
        title: `${byName} asked you for a meet and greet`,
        body: [
          `${byName} would like a free meet and greet with you. ${how}. Suggested times: ${times(meeting)}.`,
          ...(meeting.note ? [`Their note: ${meeting.note}`] : []),
          'Please accept one of the times or decline. A meet and greet is free: it is never billed.',
        ],
      };
    case 'ACCEPTED':
      return {
        title: `${byName} accepted your meet and greet`,
        body: [`${byName} accepted the meet and greet on ${chosenTime(meeting)}. ${how}.`, 'It is on your calendar. A meet and greet is free: it is never billed.'],
      };
    case 'DECLINED':
      return { title: `${byName} declined your meet and greet`, body: [`${byName} cannot meet at the times you suggested.`, ...note] };
    case 'CANCELLED':
      return { title: `${byName} cancelled a meet and greet`, body: [`${byName} cancelled the meet and greet on ${chosenTime(meeting)}.`, ...note] };
  }
}

export function meetAndGreetEmail(site: EmailSite, to: Recipient, action: MeetAndGreetAction, meeting: MeetAndGreet, byName: string): MailMessage {
  const { title, body } = describeAction(action, meeting, byName);
  return subjectEmail(site, {
    to: to.email,
    category: 'BOOKINGS',
    subject: title,
    paragraphs: [`Hi ${to.firstName},`, ...body],
    action: { label: action === 'REQUESTED' ? 'Answer the meet and greet' : 'See the meet and greet', url: `${site.publicUrl}${meetAndGreetPath(meeting.id)}` },
  });
}

export function meetAndGreetNotification(to: Recipient, action: MeetAndGreetAction, meeting: MeetAndGreet, byName: string): NewNotification {
  const { title, body } = describeAction(action, meeting, byName);
  return { userId: to.id, kind: `MEET_AND_GREET_${action}`, title, body: body.join(' '), link: meetAndGreetPath(meeting.id) };
}
