import { z } from 'zod';
import { formatCents, fullName } from '@tendly/domain/format';
import { hasReachedNoticePercent, periodKey, walletCategoryLabels, type WalletCategory } from '@tendly/domain/funding-wallet';
import { routePath } from '@tendly/domain/routes';
import { addDaysToDate } from '@tendly/domain/shift-time';
import { formatLongDate } from '@tendly/domain/validation/compliance-documents';
import { WALLET_CHECK_JOB } from '../../platform/billing/wallet-check-job';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { dailyJobHandler, scheduleDailyRun, scheduleTodaysRun, type DailySchedule } from '../../platform/jobs/daily-job';
import type { JobHandlers } from '../../platform/jobs/job-worker';
import { renderEmail } from '../../platform/mail/email-layout';
import type { MailMessage } from '../../platform/mail/mail-message';
import { queueMail } from '../../platform/mail/outbox';
import { activeCoordinatorsOf, noticeKey, participantsWithBudgets, recordWalletNotice, sentNoticeKeysOf } from './wallet-repository';
import { walletsOf, type ParticipantWallet } from './wallet-service';
import { emailLayoutOf } from '../../platform/mail/email-site';

/**
 * The funding wallet's emails (issue 16): when a category's spending reaches 80% of its budget, and
 * when its forecast runs out before the plan (or quarter) ends, the care seeker and every coordinator
 * with an ACTIVE link are told, once per category and budget period. Checked after each invoice is
 * issued (a job queued with it) and daily, since a forecast can turn without a new invoice.
 */

export type WalletNoticeKind = 'EIGHTY_PERCENT' | 'RUNS_OUT';
export type WalletEmailConfig = Pick<Config, 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE' | 'publicUrl'>;

/** The daily check: 4 am in Perth, the last zone to reach the new day. */
export const WALLET_DAILY_CHECK_JOB = 'funding-wallet.daily-check';
const DAILY_SCHEDULE: DailySchedule = { type: WALLET_DAILY_CHECK_JOB, zone: 'Australia/Perth', time: '04:00' };
/** Accounts a coordinator made without an email have this placeholder address: nobody to tell. */
const NO_EMAIL_DOMAIN = '@managed.invalid';

interface Recipient {
  email: string;
  firstName: string;
}

interface NoticeFacts {
  kind: WalletNoticeKind;
  category: WalletCategory;
  participantName: string;
  budgetCents: number;
  spentCents: number;
  percentSpent: number;
  runOutDate: string | null;
  periodEnd: string;
}

function noticeText(facts: NoticeFacts, isParticipant: boolean): { subject: string; lines: string[] } {
  const label = walletCategoryLabels[facts.category];
  const whose = isParticipant ? 'your' : `${facts.participantName}’s`;
  const spent = `${formatCents(facts.spentCents)} of the ${formatCents(facts.budgetCents)} budget (${facts.percentSpent}%) has been spent.`;
  if (facts.kind === 'EIGHTY_PERCENT') {
    return {
      subject: `${label}: 80% of ${isParticipant ? 'your' : `${facts.participantName}’s`} budget is spent`,
      lines: [`${spent} The budget runs to ${formatLongDate(facts.periodEnd)}.`, `Check ${whose} funding wallet to see what is booked and how long the rest will last.`],
    };
  }
  return {
    subject: `${label}: ${isParticipant ? 'your' : `${facts.participantName}’s`} budget may run out early`,
    lines: [
      `At the rate it is being spent, with the shifts already booked, the budget will run out on ${formatLongDate(facts.runOutDate ?? facts.periodEnd)}, before the plan ends on ${formatLongDate(facts.periodEnd)}. ${spent}`,
      `Check ${whose} funding wallet, and talk to your support coordinator or plan manager if the supports need to change.`,
    ],
  };
}

export function walletNoticeEmail(config: WalletEmailConfig, recipient: Recipient, facts: NoticeFacts, isParticipant: boolean): MailMessage {
  const { subject, lines } = noticeText(facts, isParticipant);
  const publicUrl = config.publicUrl.replace(/\/+$/, '');
  const { html, text } = renderEmail({
    ...emailLayoutOf(config),
    preheader: lines[0] ?? subject,
    heading: subject,
    paragraphs: [`Hi ${recipient.firstName},`, ...lines],
    action: { label: 'Open the funding wallet', url: `${publicUrl}${isParticipant ? routePath('fundingWallet') : routePath('coordinatorFunding')}` },
  });
  return { to: recipient.email, category: 'FUNDING', subject, html, text };
}

/** The notices a wallet calls for now, before checking which were sent already. */
export function noticesDue(wallet: ParticipantWallet): NoticeFacts[] {
  const participantName = fullName(wallet.participant);
  return wallet.categories.flatMap((figures) => {
    if (figures.budgetCents === null || figures.budgetCents <= 0) return [];
    const base = { category: figures.category, participantName, budgetCents: figures.budgetCents, spentCents: figures.spentCents, percentSpent: figures.percentSpent ?? 0, runOutDate: figures.runOutDate, periodEnd: figures.periodEnd };
    const due: NoticeFacts[] = [];
    if (hasReachedNoticePercent(figures, figures.budgetCents)) due.push({ ...base, kind: 'EIGHTY_PERCENT' });
    if (figures.runOutDate !== null) due.push({ ...base, kind: 'RUNS_OUT' });
    return due;
  });
}

/**
 * Checks wallets and sends the notices due; returns how many notices were recorded. Each notice
 * is one transaction: its row (unique per participant, kind, category and period) and its emails,
 * so two checks at once send it once.
 */
export async function checkWallets(db: Db, config: WalletEmailConfig, participantIds: readonly string[], now: Date = new Date()): Promise<number> {
  const [wallets, alreadySent] = await Promise.all([walletsOf(db, participantIds, now), sentNoticeKeysOf(db, participantIds)]);
  let sent = 0;
  for (const wallet of wallets) {
    // What was sent before is skipped here; the unique key still decides between checks running at once.
    const due = noticesDue(wallet).flatMap((facts) => {
      const figures = wallet.categories.find((category) => category.category === facts.category)!;
      const notice = { participantId: wallet.participant.id, kind: facts.kind, category: facts.category, periodKey: periodKey({ start: figures.periodStart, end: figures.periodEnd }) };
      return alreadySent.has(noticeKey(notice)) ? [] : [{ facts, notice }];
    });
    if (due.length === 0) continue;
    const coordinators = await activeCoordinatorsOf(db, wallet.participant.id);
    for (const { facts, notice } of due) {
      const recorded = await db.transaction(async (tx) => {
        const isNew = await recordWalletNotice(tx, notice);
        if (!isNew) return false;
        if (!wallet.participant.email.endsWith(NO_EMAIL_DOMAIN)) await queueMail(tx, walletNoticeEmail(config, wallet.participant, facts, true));
        for (const coordinator of coordinators) await queueMail(tx, walletNoticeEmail(config, coordinator, facts, false));
        return true;
      });
      if (recorded) sent += 1;
    }
  }
  return sent;
}

const checkPayloadSchema = z.object({ participantId: z.uuid() });

export function scheduleWalletDailyCheck(db: DbExecutor, day: string): Promise<boolean> {
  return scheduleDailyRun(db, DAILY_SCHEDULE, day);
}

export function scheduleTodaysWalletCheck(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return scheduleTodaysRun(db, DAILY_SCHEDULE, now);
}

/** Participants checked per batch by the daily run: each batch is the same few grouped queries. */
const DAILY_BATCH = 100;

export function walletCheckHandlers(ctx: { config: WalletEmailConfig }): JobHandlers {
  return {
    async [WALLET_CHECK_JOB](payload, job) {
      const { participantId } = checkPayloadSchema.parse(payload);
      const sent = await checkWallets(job.db, ctx.config, [participantId]);
      job.logger.info({ jobId: job.jobId, sent }, 'funding wallet checked after an invoice');
    },
    [WALLET_DAILY_CHECK_JOB]: dailyJobHandler(DAILY_SCHEDULE, async (day, job) => {
      // Plans that ended more than a day ago in every zone have nothing left to warn about.
      const participants = await participantsWithBudgets(job.db, addDaysToDate(day, -1));
      let sent = 0;
      for (let index = 0; index < participants.length; index += DAILY_BATCH) {
        sent += await checkWallets(job.db, ctx.config, participants.slice(index, index + DAILY_BATCH));
      }
      job.logger.info({ jobId: job.jobId, day, participants: participants.length, sent }, 'funding wallets checked');
    }),
  };
}
