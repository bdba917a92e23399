import { isNdisFunded, type PayingForCareType } from './job-options';
import { dateOfDayNumber, dayNumberOf } from './pricing/local-clock';

/**
 * The funding wallet (issue 16): a participant's plan budgets by support category, what each
 * invoice line has drawn down, what confirmed bookings will draw down, and when the money runs out.
 * Money is integer cents; dates are local `YYYY-MM-DD` dates in the participant's state.
 */

export const walletCategoryCodes = ['CORE_DAILY_ACTIVITIES', 'CORE_SOCIAL_COMMUNITY', 'CORE_TRANSPORT', 'CAPACITY_BUILDING', 'QUARTERLY', 'PACKAGE'] as const;
export type WalletCategory = (typeof walletCategoryCodes)[number];

export const walletCategoryLabels: Readonly<Record<WalletCategory, string>> = {
  CORE_DAILY_ACTIVITIES: 'Core: daily activities',
  CORE_SOCIAL_COMMUNITY: 'Core: social and community participation',
  CORE_TRANSPORT: 'Core: transport',
  CAPACITY_BUILDING: 'Capacity building',
  QUARTERLY: 'Support at Home quarterly budget',
  PACKAGE: 'Package budget',
};

/** How the participant's supports are funded, which decides the wallet's categories. */
export const walletSchemeCodes = ['NDIS', 'SUPPORT_AT_HOME', 'PACKAGE'] as const;
export type WalletScheme = (typeof walletSchemeCodes)[number];

export const walletSchemeCategories: Readonly<Record<WalletScheme, readonly WalletCategory[]>> = {
  NDIS: ['CORE_DAILY_ACTIVITIES', 'CORE_SOCIAL_COMMUNITY', 'CORE_TRANSPORT', 'CAPACITY_BUILDING'],
  SUPPORT_AT_HOME: ['QUARTERLY'],
  PACKAGE: ['PACKAGE'],
};

/** The scheme of a funding type: NDIS, Support at Home (quarterly budgets), or one package budget (Home Care Package, private). */
export function walletSchemeOf(fundingType: PayingForCareType): WalletScheme {
  if (isNdisFunded(fundingType)) return 'NDIS';
  if (fundingType === 'SUPPORT_AT_HOME') return 'SUPPORT_AT_HOME';
  return 'PACKAGE';
}

/** The largest budget accepted for one category: $10,000,000. */
export const MAX_WALLET_BUDGET_CENTS = 1_000_000_000;
/** The longest plan accepted: NDIS plans run up to 5 years. */
export const MAX_PLAN_DAYS = 5 * 366;
/** The share of a budget spent that triggers the first notice. */
export const WALLET_NOTICE_PERCENT = 80;

/**
 * The NDIS category of a support item, from its number's first two digits (the support
 * catalogue's support categories, ndis.md): 01 daily activities; 03 consumables, which is also a
 * Core support and is paid from the same flexible Core budget, so it draws down daily activities;
 * 02 transport; 04 social and community participation; 07 to 15 capacity building. Other
 * categories (05 assistive technology, 06 home modifications) are capital supports with budgets of
 * their own outside the wallet: null.
 */
export function ndisCategoryOfSupportItem(supportItemNumber: string): WalletCategory | null {
  const prefix = Number.parseInt(supportItemNumber.slice(0, 2), 10);
  if (!/^\d\d/.test(supportItemNumber)) return null;
  if (prefix === 1 || prefix === 3) return 'CORE_DAILY_ACTIVITIES';
  if (prefix === 2) return 'CORE_TRANSPORT';
  if (prefix === 4) return 'CORE_SOCIAL_COMMUNITY';
  if (prefix >= 7 && prefix <= 15) return 'CAPACITY_BUILDING';
  return null;
}

/**
 * The category an invoice line (or a priced booking line) draws down. NDIS-funded: its support
 * item's category; a line without one (travel, expenses) takes the category of its invoice's first
 * line that has one (`invoiceItemNumber`); an NDIS invoice with no categorised item at all draws
 * down daily activities, the flexible Core budget. Not NDIS-funded: Support at Home draws down the
 * quarterly budget, anything else the package budget.
 */
export function walletCategoryOfLine(fundingType: PayingForCareType, supportItemNumber: string | null, invoiceItemNumber: string | null): WalletCategory {
  const scheme = walletSchemeOf(fundingType);
  if (scheme === 'SUPPORT_AT_HOME') return 'QUARTERLY';
  if (scheme === 'PACKAGE') return 'PACKAGE';
  const own = supportItemNumber ? ndisCategoryOfSupportItem(supportItemNumber) : null;
  const invoices = invoiceItemNumber ? ndisCategoryOfSupportItem(invoiceItemNumber) : null;
  return own ?? invoices ?? 'CORE_DAILY_ACTIVITIES';
}

export interface DatePeriod {
  /** First day, inclusive. */
  readonly start: string;
  /** Last day, inclusive. */
  readonly end: string;
}

/** The Australian financial quarter of a date: July–September, October–December, January–March, April–June. */
export function financialQuarterOf(date: string): DatePeriod {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const firstMonth = Math.floor((month - 1) / 3) * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, '0');
  return { start: `${year}-${pad(firstMonth)}-01`, end: `${year}-${pad(lastMonth)}-${pad(lastDay)}` };
}

/**
 * The period a category's budget runs over: the plan, or for Support at Home's quarterly budget
 * the financial quarter of today within the plan (the plan's first quarter before it starts, its
 * last after it ends).
 */
export function categoryPeriod(category: WalletCategory, plan: DatePeriod, today: string): DatePeriod {
  if (category !== 'QUARTERLY') return plan;
  const anchor = today < plan.start ? plan.start : today > plan.end ? plan.end : today;
  const quarter = financialQuarterOf(anchor);
  return { start: quarter.start > plan.start ? quarter.start : plan.start, end: quarter.end < plan.end ? quarter.end : plan.end };
}

/** The key a notice is sent once under: the category's period. */
export function periodKey(period: DatePeriod): string {
  return `${period.start}/${period.end}`;
}

export interface BurnDownPoint {
  /** The last day of the week (the period's last day for a short final week). */
  readonly weekEnd: string;
  readonly remainingCents: number;
  /** False up to today (what was spent), true after (the forecast). */
  readonly isForecast: boolean;
}

export interface WalletFiguresInput {
  readonly budgetCents: number | null;
  readonly period: DatePeriod;
  readonly today: string;
  /** Spent by local date (credit notes already taken off); dates outside the period are ignored. */
  readonly spentByDate: ReadonlyMap<string, number>;
  /** Confirmed bookings' forecast prices by local date; dates outside the period, or before today, are ignored. */
  readonly committedByDate: ReadonlyMap<string, number>;
}

export interface WalletFigures {
  readonly spentCents: number;
  readonly committedCents: number;
  /** Budget less spent and committed; null without a budget. */
  readonly remainingCents: number | null;
  /** Whole per cent of the budget spent (rounded down, so 80% means 80% reached); null without a budget. */
  readonly percentSpent: number | null;
  /** The day the forecast runs out, when that is before the period's last day; otherwise null. */
  readonly runOutDate: string | null;
  /** Remaining at each week's end: actual to today, then forecast. Empty without a budget. */
  readonly burnDown: BurnDownPoint[];
}

/**
 * Running totals of amounts by date over [from, to]: `upTo(day)` is the sum of the amounts dated
 * from `from` up to that day number. One pass, so a five-year plan's daily forecast stays cheap.
 */
function runningTotal(byDate: ReadonlyMap<string, number>, from: string, to: string): { total: number; upTo(day: number): number } {
  const first = dayNumberOf(from);
  const last = dayNumberOf(to);
  const daily = new Array<number>(Math.max(last - first + 1, 0)).fill(0);
  for (const [date, cents] of byDate) {
    if (date >= from && date <= to) daily[dayNumberOf(date) - first]! += cents;
  }
  const sums: number[] = [];
  let running = 0;
  for (const cents of daily) sums.push((running += cents));
  return {
    total: running,
    upTo: (day) => (day < first ? 0 : (sums[Math.min(day, last) - first] ?? 0)),
  };
}

/**
 * A category's figures. The forecast: the spending rate is what was spent over the days of the
 * period so far (today included); from tomorrow the projected remaining is the budget less what
 * was spent, less the confirmed bookings up to that day, less the rate for each day after today.
 * Bookings and the rate both count (the brief's "plus committed"): the forecast errs towards
 * warning early, which is what a participant needs from it.
 */
export function walletFigures(input: WalletFiguresInput): WalletFigures {
  const { period, today, budgetCents } = input;
  const spent = runningTotal(input.spentByDate, period.start, period.end);
  const committedFrom = today >= period.start ? today : period.start;
  const committed = runningTotal(input.committedByDate, committedFrom, period.end);
  const spentCents = spent.total;
  const committedCents = committed.total;
  if (budgetCents === null) return { spentCents, committedCents, remainingCents: null, percentSpent: null, runOutDate: null, burnDown: [] };

  const remainingCents = budgetCents - spentCents - committedCents;
  const percentSpent = budgetCents > 0 ? Math.floor((spentCents * 100) / budgetCents) : spentCents > 0 ? 100 : 0;
  const startDay = dayNumberOf(period.start);
  const endDay = dayNumberOf(period.end);
  const todayDay = dayNumberOf(today);
  const daysElapsed = Math.min(todayDay, endDay) - startDay + 1;
  const dailyRate = daysElapsed > 0 ? spentCents / daysElapsed : 0;

  /** Projected remaining at the end of a day after today. */
  const projectedAt = (day: number): number => budgetCents - spentCents - committed.upTo(day) - dailyRate * (day - todayDay);

  let runOutDate: string | null = null;
  if (budgetCents > 0 && todayDay <= endDay) {
    if (budgetCents - spentCents <= 0) runOutDate = today < period.start ? period.start : today;
    else {
      for (let day = Math.max(todayDay + 1, startDay); day < endDay; day += 1) {
        if (projectedAt(day) <= 0) {
          runOutDate = dateOfDayNumber(day);
          break;
        }
      }
    }
  }

  const burnDown: BurnDownPoint[] = [];
  for (let weekStart = startDay; weekStart <= endDay; weekStart += 7) {
    const weekEndDay = Math.min(weekStart + 6, endDay);
    const isForecast = weekEndDay > todayDay;
    const remaining = isForecast ? projectedAt(weekEndDay) : budgetCents - spent.upTo(weekEndDay);
    burnDown.push({ weekEnd: dateOfDayNumber(weekEndDay), remainingCents: Math.round(remaining), isForecast });
  }
  return { spentCents, committedCents, remainingCents, percentSpent, runOutDate, burnDown };
}

/** Whether the share spent has reached the notice threshold (80%). */
export function hasReachedNoticePercent(figures: Pick<WalletFigures, 'percentSpent'>, budgetCents: number | null): boolean {
  return budgetCents !== null && budgetCents > 0 && figures.percentSpent !== null && figures.percentSpent >= WALLET_NOTICE_PERCENT;
}
