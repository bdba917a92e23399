import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import type { CareSeekerDashboard } from '@tendly/domain/api/care-seeker-dashboard';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';
import { hoursToApproveOf, invoicesToPayOf, unreadConversationsOf, upcomingShiftsOf, workersOf } from './dashboard-summary-repository';

const iso = (at: Date) => at.toISOString();
const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

/**
 * GET /api/dashboard/summary: the care seeker's home, for whoever is asking. The access rule lets
 * only care seekers in (a coordinator's alias session is the client), and every query is scoped
 * to that one person, so nobody reads another's summary.
 */
export async function dashboardSummary(db: DbExecutor, auth: RequestAuth, now: Date): Promise<CareSeekerDashboard> {
  const careSeekerId = auth.user.id;
  const [shifts, hours, invoices, workers, unread] = await Promise.all([
    upcomingShiftsOf(db, careSeekerId, now),
    hoursToApproveOf(db, careSeekerId),
    invoicesToPayOf(db, careSeekerId),
    workersOf(db, careSeekerId),
    unreadConversationsOf(db, careSeekerId),
  ]);
  return {
    upcomingShifts: {
      items: shifts.map(({ total: _total, status, ...shift }) => ({
        ...shift,
        // The query keeps only these two; a cancelled shift never reaches here.
        status: status === 'CONFIRMED' ? 'CONFIRMED' : 'UNCONFIRMED',
        startsAt: iso(shift.startsAt),
        endsAt: iso(shift.endsAt),
      })),
      total: shifts[0]?.total ?? 0,
    },
    hoursToApprove: {
      items: hours.map(({ total: _total, ...report }) => ({
        ...report,
        startsAt: iso(report.startsAt),
        endsAt: iso(report.endsAt),
        submittedAt: isoOrNull(report.submittedAt),
        autoApproveAt: isoOrNull(report.autoApproveAt),
      })),
      total: hours[0]?.total ?? 0,
    },
    invoicesToPay: {
      items: invoices.map((invoice) => ({
        id: invoice.id,
        number: formatInvoiceNumber(invoice.kind, invoice.number),
        worker: invoice.worker,
        totalCents: invoice.totalCents,
        dueDate: invoice.dueDate,
        state: invoice.state,
      })),
      total: invoices[0]?.total ?? 0,
      totalCents: invoices[0]?.sumCents ?? 0,
    },
    workers: {
      items: workers.map(({ contractId, startDate, worker }) => ({ contractId, startDate, worker })),
      total: workers[0]?.total ?? 0,
    },
    unreadMessages: {
      items: unread.map(({ conversationId, worker, unreadCount, lastMessageAt }) => ({ conversationId, worker, unreadCount, lastMessageAt: iso(lastMessageAt) })),
      total: unread[0]?.unreadTotal ?? 0,
    },
  };
}
