import { Anchor, Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { CareSeekerDashboard, DashboardHours, DashboardInvoice } from '@tendly/domain/api/care-seeker-dashboard';
import { bookingResponseStatusLabels, formatShiftWhen } from '@tendly/domain/api/bookings';
import { formatCents, formatInstantDateTime, formatMinutes, fullName } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { instantToLocal, instantToLocalDate } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import { BusyButton } from '../../platform/busy-button';
import { formatDateIn, formatLocalDay } from '../../platform/job-report-format';
import { sitePath, useSiteConfig } from '../../platform/site-config';
import { SummaryBlock, SummaryItem } from './summary-block';

/**
 * A block's link to the whole list, saying how many the block does not list: "See all your
 * bookings (and 1 more shift)". `what` names them: one word, or the words for one and for more.
 */
function seeAll(block: { total: number; items: readonly unknown[] }, to: string, label: string, what: string | readonly [one: string, many: string]) {
  const unlisted = block.total - block.items.length;
  if (unlisted <= 0) return { to, label };
  const words = typeof what === 'string' ? what : what[unlisted === 1 ? 0 : 1];
  return { to, label: `${label} (and ${unlisted} more ${words})` };
}

/** A time range as the client's state reads it: "Mon 7 Dec 2026, 9:00 am – 12:00 pm (NSW time)". */
function whenIn(item: { startsAt: string; endsAt: string; timeZone: string; state: string }): string {
  return formatShiftWhen({ startLocal: instantToLocal(new Date(item.startsAt), item.timeZone), endLocal: instantToLocal(new Date(item.endsAt), item.timeZone), state: item.state });
}

const messagesPath = routePath('messages');
const bookingsPath = routePath('myBookings');
const bookPath = (contractId: string) => `${bookingsPath}?${new URLSearchParams({ book: contractId }).toString()}`;
const messageWorkerPath = (workerId: string) => `${messagesPath}?${new URLSearchParams({ with: workerId }).toString()}`;

/** The next few shifts, in the time of the state where each happens, with View or change. */
export function UpcomingShiftsBlock({ block, hasWorkers }: { block: CareSeekerDashboard['upcomingShifts']; hasWorkers: boolean }) {
  const site = useSiteConfig();
  return (
    <SummaryBlock
      id="cs-shifts-heading"
      heading="Upcoming shifts"
      count={block.total > 0 ? `${block.total} booked` : null}
      empty={
        block.total === 0
          ? hasWorkers
            ? { text: 'No shifts are booked. The shifts you book with your workers will show here, with the time they start.', steps: [{ to: bookingsPath, label: 'Book shifts' }] }
            : { text: 'No shifts are booked. Once you have a service agreement with a worker, the shifts you book with them will show here.', steps: [{ to: sitePath(site, 'workerSearch'), label: 'Find workers' }] }
          : null
      }
      next={seeAll(block, bookingsPath, 'See all your bookings', ['shift', 'shifts'])}
    >
      {block.items.map((shift) => (
        <SummaryItem
          key={shift.id}
          actions={
            <Anchor component={Link} to={bookingsPath} fw={600} aria-label={`View or change the shift with ${fullName(shift.worker)}, ${whenIn(shift)}`}>
              View or change
            </Anchor>
          }
        >
          <Text fw={700}>{fullName(shift.worker)}</Text>
          <Text size="sm">
            <time dateTime={shift.startsAt}>{whenIn(shift)}</time>
          </Text>
          <Badge component="span" radius="sm" tt="none" variant="outline" color={shift.status === 'CONFIRMED' ? 'teal.9' : 'blue.9'} mt={4}>
            {bookingResponseStatusLabels[shift.status]}
          </Badge>
        </SummaryItem>
      ))}
    </SummaryBlock>
  );
}

/** What the worker put in: hours worked less the break, or a cancelled shift. */
function hoursText(report: DashboardHours): string {
  if (report.kind === 'CANCELLATION') return 'A cancelled shift, charged under your agreement';
  const minutes = Math.round((new Date(report.endsAt).getTime() - new Date(report.startsAt).getTime()) / 60_000) - report.breakMinutes;
  return `${formatMinutes(minutes)} worked${report.breakMinutes > 0 ? ` (after a ${formatMinutes(report.breakMinutes)} break)` : ''}`;
}

/** Hours waiting for the care seeker's decision, with Approve (here and now) and Review hours (every detail, or send them back). */
export function HoursToApproveBlock({ block, approvingId, onApprove }: { block: CareSeekerDashboard['hoursToApprove']; approvingId: string | null; onApprove: (report: DashboardHours) => void }) {
  const reviewPath = routePath('unapprovedInvoices');
  return (
    <SummaryBlock
      id="cs-hours-heading"
      heading="Hours to approve"
      count={block.total > 0 ? `${block.total} waiting for you` : null}
      empty={
        block.total === 0
          ? { text: 'No hours are waiting for you. When a worker submits their hours after a shift, they show here for you to check and approve.', steps: [{ to: routePath('invoicesAndHours'), label: 'See your invoices and hours' }] }
          : null
      }
      next={seeAll(block, reviewPath, 'Review all hours', 'waiting')}
    >
      {block.items.map((report) => {
        const who = fullName(report.worker);
        const when = whenIn(report);
        return (
          <SummaryItem
            key={report.id}
            actions={
              <>
                <BusyButton size="sm" busy={approvingId === report.id} disabled={approvingId !== null && approvingId !== report.id} onClick={() => onApprove(report)} aria-label={`Approve ${who}’s hours, ${when}`}>
                  Approve
                </BusyButton>
                <Anchor component={Link} to={reviewPath} fw={600} aria-label={`Review hours: ${who}, ${when}`}>
                  Review hours
                </Anchor>
              </>
            }
          >
            <Text fw={700}>{who}</Text>
            <Text size="sm">
              <time dateTime={report.startsAt}>{when}</time>
            </Text>
            <Text size="sm">{hoursText(report)}</Text>
            {report.autoApproveAt && (
              <Text size="sm" c="gray.8">
                Approved automatically on {formatDateIn(report.autoApproveAt, report.timeZone)} unless you decide first.
              </Text>
            )}
          </SummaryItem>
        );
      })}
    </SummaryBlock>
  );
}

/** Past its due date in the client's state (the due date is a local date there). */
function isOverdue(invoice: DashboardInvoice): boolean {
  return invoice.dueDate < instantToLocalDate(new Date(), stateTimeZone(invoice.state));
}

/** Unpaid invoices the care seeker pays themselves, the soonest due first, with Pay. */
export function InvoicesToPayBlock({ block, onPay }: { block: CareSeekerDashboard['invoicesToPay']; onPay: (invoice: DashboardInvoice) => void }) {
  return (
    <SummaryBlock
      id="cs-invoices-heading"
      heading="Invoices to pay"
      count={block.total > 0 ? `${block.total} unpaid, ${formatCents(block.totalCents)} in all` : null}
      empty={
        block.total === 0
          ? { text: 'You have no invoices to pay. When you approve your worker’s hours, the invoice shows here with its due date, ready to pay.', steps: [{ to: routePath('pastInvoices'), label: 'See your past invoices' }] }
          : null
      }
      next={seeAll(block, routePath('pendingInvoices'), 'See all unpaid invoices', 'unpaid')}
    >
      {block.items.map((invoice) => (
        <SummaryItem
          key={invoice.id}
          actions={
            <Button size="sm" onClick={() => onPay(invoice)} aria-label={`Pay invoice ${invoice.number}, ${formatCents(invoice.totalCents)}`}>
              Pay
            </Button>
          }
        >
          <Anchor component={Link} to={routePath('invoice', { invoiceId: invoice.id })} fw={700}>
            {invoice.number}
          </Anchor>
          <Text size="sm">From {fullName(invoice.worker)}</Text>
          <Text size="sm">
            <strong>{formatCents(invoice.totalCents)}</strong>, due {formatLocalDay(invoice.dueDate)}
            {isOverdue(invoice) && (
              <Text component="span" c="red.9" fw={700}>
                {' '}
                (overdue)
              </Text>
            )}
          </Text>
        </SummaryItem>
      ))}
    </SummaryBlock>
  );
}

/** Workers with a live service agreement, with Message and Book. */
export function MyWorkersBlock({ block }: { block: CareSeekerDashboard['workers'] }) {
  const site = useSiteConfig();
  return (
    <SummaryBlock
      id="cs-workers-heading"
      heading="Your workers"
      count={block.total > 0 ? `${block.total} with a service agreement` : null}
      empty={
        block.total === 0
          ? {
              text: 'You have no workers yet. Workers who accept your service agreement show here, so you can message them and book shifts.',
              steps: [
                { to: sitePath(site, 'workerSearch'), label: 'Find workers' },
                { to: sitePath(site, 'postJob'), label: 'Post a job' },
              ],
            }
          : null
      }
      next={seeAll(block, routePath('myWorkers'), 'See all your workers', ['worker', 'workers'])}
    >
      {block.items.map(({ worker, contractId, startDate }) => {
        const name = fullName(worker);
        return (
          <SummaryItem
            key={contractId}
            actions={
              <>
                <Anchor component={Link} to={messageWorkerPath(worker.id)} fw={600} aria-label={`Message ${name}`}>
                  Message
                </Anchor>
                <Anchor component={Link} to={bookPath(contractId)} fw={600} aria-label={`Book shifts with ${name}`}>
                  Book
                </Anchor>
              </>
            }
          >
            <Text fw={700}>{name}</Text>
            <Text size="sm">Service agreement from {formatLocalDay(startDate)}</Text>
          </SummaryItem>
        );
      })}
    </SummaryBlock>
  );
}

/** Conversations with messages the care seeker has not read, the latest first, with Open. */
export function UnreadMessagesBlock({ block }: { block: CareSeekerDashboard['unreadMessages'] }) {
  return (
    <SummaryBlock
      id="cs-messages-heading"
      heading="Unread messages"
      count={block.total > 0 ? `${block.total} unread` : null}
      empty={block.total === 0 ? { text: 'You have no unread messages. When a worker writes to you, their message shows here.', steps: [{ to: messagesPath, label: 'Go to your messages' }] } : null}
      next={{ to: messagesPath, label: 'See all your messages' }}
    >
      {block.items.map((conversation) => {
        const name = fullName(conversation.worker);
        return (
          <SummaryItem
            key={conversation.conversationId}
            actions={
              <Anchor component={Link} to={`${messagesPath}?${new URLSearchParams({ conversation: conversation.conversationId }).toString()}`} fw={600} aria-label={`Open your conversation with ${name}`}>
                Open
              </Anchor>
            }
          >
            <Text fw={700}>{name}</Text>
            <Text size="sm">
              {conversation.unreadCount === 1 ? '1 new message' : `${conversation.unreadCount} new messages`}, the latest on{' '}
              <time dateTime={conversation.lastMessageAt}>{formatInstantDateTime(conversation.lastMessageAt)}</time>
            </Text>
          </SummaryItem>
        );
      })}
    </SummaryBlock>
  );
}
