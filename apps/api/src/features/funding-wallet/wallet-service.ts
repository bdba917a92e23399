import { fullName } from '@tendly/domain/format';
import type { ClientWalletList, SaveWalletRequest, Wallet, WalletCategoryFigures } from '@tendly/domain/api/funding-wallet';
import {
  categoryPeriod,
  walletCategoryCodes,
  walletCategoryOfLine,
  walletFigures,
  walletSchemeCategories,
  walletSchemeOf,
  type DatePeriod,
  type WalletCategory,
  type WalletScheme,
} from '@tendly/domain/funding-wallet';
import { localDateOf } from '@tendly/domain/pricing/local-clock';
import { bookedShiftToPrice, priceJobReport } from '@tendly/domain/pricing/price-job-report';
import { PricingError } from '@tendly/domain/pricing/price-shift';
import { stateTimeZone, type StateCode } from '@tendly/domain/states';
import { ndisCatalogue } from '../../platform/billing/ndis-catalogue';
import type { Db, DbExecutor } from '../../platform/db/client';
import {
  activeClientIdsOf,
  budgetsOf,
  committedShiftsOf,
  findWalletParticipants,
  pricingTermsOf,
  replaceWallet,
  spentRowsOf,
  type BudgetRow,
  type CommittedShift,
  type SpentRow,
  type WalletParticipant,
} from './wallet-repository';

/** Where a participant's state is not known, their "today" is Sydney's (the most populous zone). */
const FALLBACK_STATE: StateCode = 'NSW';

export interface ParticipantWallet extends Wallet {
  participant: WalletParticipant;
}

type DatedCents = Map<string, number>;
type ByCategory = Map<WalletCategory, DatedCents>;

function addTo(byCategory: ByCategory, category: WalletCategory, date: string, cents: number): void {
  let dated = byCategory.get(category);
  if (!dated) {
    dated = new Map();
    byCategory.set(category, dated);
  }
  dated.set(date, (dated.get(date) ?? 0) + cents);
}

function spentByCategory(rows: readonly SpentRow[]): ByCategory {
  const byCategory: ByCategory = new Map();
  for (const row of rows) addTo(byCategory, walletCategoryOfLine(row.fundingType, row.supportItemNumber, null), row.date, row.cents);
  return byCategory;
}

/**
 * Confirmed shifts priced by the pricing engine as their hours will be invoiced: the contract's
 * rates (NDIS items and price limits for an NDIS-funded client), split by time band in the
 * client's state, public holidays included; no travel or expenses, which are not known yet. A
 * shift the engine cannot price (an agreement without a rate for its band) adds nothing.
 */
async function committedByParticipant(db: DbExecutor, shifts: readonly CommittedShift[]): Promise<Map<string, ByCategory>> {
  const result = new Map<string, ByCategory>();
  if (shifts.length === 0) return result;
  const terms = await pricingTermsOf(db, [...new Set(shifts.map((shift) => shift.contractId))]);
  const catalogue = [...terms.values()].some((term) => term.ndisFunded) ? await ndisCatalogue(db) : null;
  for (const shift of shifts) {
    const contract = terms.get(shift.contractId);
    if (!contract) continue;
    let lines;
    try {
      lines = priceJobReport(
        bookedShiftToPrice({ startsAtMs: shift.startsAt.getTime(), endsAtMs: shift.endsAt.getTime(), state: contract.state, postcode: contract.postcode }),
        contract,
        contract.ndisFunded ? catalogue : null,
      ).lines;
    } catch (error) {
      if (error instanceof PricingError) continue;
      throw error;
    }
    const firstItem = lines.find((line) => line.supportItemNumber)?.supportItemNumber ?? null;
    const fallbackDate = localDateOf(shift.startsAt.getTime(), stateTimeZone(contract.state));
    let byCategory = result.get(shift.participantId);
    if (!byCategory) {
      byCategory = new Map();
      result.set(shift.participantId, byCategory);
    }
    for (const line of lines) {
      addTo(byCategory, walletCategoryOfLine(contract.fundingType, line.supportItemNumber, firstItem), line.date ?? fallbackDate, line.amountCents + line.gstCents);
    }
  }
  return result;
}

function schemeOf(participant: WalletParticipant): WalletScheme {
  return walletSchemeOf(participant.fundingType ?? 'PRIVATE');
}

function walletOf(participant: WalletParticipant, budgets: readonly BudgetRow[], spent: ByCategory, committed: ByCategory, now: Date): ParticipantWallet {
  const scheme = schemeOf(participant);
  const today = localDateOf(now.getTime(), stateTimeZone(participant.state ?? FALLBACK_STATE));
  const plan: DatePeriod | null = participant.planStartDate && participant.planEndDate ? { start: participant.planStartDate, end: participant.planEndDate } : null;
  if (!plan) return { participant, scheme, plan: null, today, categories: [] };
  const budgetOf = new Map(budgets.map((budget) => [budget.category, budget.amountCents]));
  const shown = new Set<WalletCategory>([...walletSchemeCategories[scheme], ...budgetOf.keys(), ...spent.keys(), ...committed.keys()]);
  const categories: WalletCategoryFigures[] = walletCategoryCodes
    .filter((category) => shown.has(category))
    .map((category) => {
      const period = categoryPeriod(category, plan, today);
      const budgetCents = budgetOf.get(category) ?? null;
      const figures = walletFigures({ budgetCents, period, today, spentByDate: spent.get(category) ?? new Map(), committedByDate: committed.get(category) ?? new Map() });
      return { category, periodStart: period.start, periodEnd: period.end, budgetCents, ...figures };
    });
  return { participant, scheme, plan: { startDate: plan.start, endDate: plan.end }, today, categories };
}

/** The wallets of many participants in a fixed number of queries, in the order given. */
export async function walletsOf(db: DbExecutor, participantIds: readonly string[], now: Date): Promise<ParticipantWallet[]> {
  const [participants, budgets, spentRows, shifts] = await Promise.all([
    findWalletParticipants(db, participantIds),
    budgetsOf(db, participantIds),
    spentRowsOf(db, participantIds),
    committedShiftsOf(db, participantIds, now),
  ]);
  const committed = await committedByParticipant(db, shifts);
  const byId = new Map(participants.map((participant) => [participant.id, participant]));
  return participantIds.flatMap((id) => {
    const participant = byId.get(id);
    if (!participant) return [];
    return [
      walletOf(
        participant,
        budgets.filter((budget) => budget.participantId === id),
        spentByCategory(spentRows.filter((row) => row.participantId === id)),
        committed.get(id) ?? new Map(),
        now,
      ),
    ];
  });
}

export function presentWallet(wallet: ParticipantWallet): Wallet {
  return { scheme: wallet.scheme, plan: wallet.plan, today: wallet.today, categories: wallet.categories };
}

/** GET /api/funding-wallet. */
export async function walletOfParticipant(db: DbExecutor, participantId: string, now: Date): Promise<Wallet> {
  const [wallet] = await walletsOf(db, [participantId], now);
  if (!wallet) throw new Error('The signed-in participant has no account row');
  return presentWallet(wallet);
}

/** PUT /api/funding-wallet: the plan dates (on funding details) and the budgets, replaced together. */
export async function saveWallet(db: Db, participantId: string, input: SaveWalletRequest, now: Date): Promise<Wallet> {
  await db.transaction((tx) => replaceWallet(tx, participantId, input));
  return walletOfParticipant(db, participantId, now);
}

/** GET /api/support-coordinator/wallets: every ACTIVE client's wallet summary, by name. */
export async function coordinatorWallets(db: DbExecutor, coordinatorId: string, now: Date): Promise<ClientWalletList> {
  const clients = await activeClientIdsOf(db, coordinatorId);
  const wallets = await walletsOf(
    db,
    clients.map((client) => client.id),
    now,
  );
  return {
    clients: wallets.map((wallet) => ({
      clientId: wallet.participant.id,
      name: fullName(wallet.participant),
      scheme: wallet.scheme,
      plan: wallet.plan,
      categories: wallet.categories.map(({ burnDown: _burnDown, ...summary }) => summary),
    })),
  };
}
