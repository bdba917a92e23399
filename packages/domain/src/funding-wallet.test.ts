import { describe, expect, it } from 'vitest';
import { saveWalletRequestSchema } from './api/funding-wallet';
import { dateOfDayNumber, dayNumberOf } from './pricing/local-clock';
import { categoryPeriod, financialQuarterOf, ndisCategoryOfSupportItem, walletCategoryOfLine, walletFigures, walletSchemeOf } from './funding-wallet';

const plan = { start: '2026-07-01', end: '2027-06-30' };

describe('wallet categories', () => {
  it('reads the NDIS category from the support item number’s first two digits', () => {
    expect(ndisCategoryOfSupportItem('01_011_0107_1_1')).toBe('CORE_DAILY_ACTIVITIES');
    expect(ndisCategoryOfSupportItem('03_090_0104_1_1')).toBe('CORE_DAILY_ACTIVITIES');
    expect(ndisCategoryOfSupportItem('02_051_0108_1_1')).toBe('CORE_TRANSPORT');
    expect(ndisCategoryOfSupportItem('04_104_0125_6_1')).toBe('CORE_SOCIAL_COMMUNITY');
    expect(ndisCategoryOfSupportItem('07_002_0106_8_3')).toBe('CAPACITY_BUILDING');
    expect(ndisCategoryOfSupportItem('15_037_0117_1_3')).toBe('CAPACITY_BUILDING');
    expect(ndisCategoryOfSupportItem('05_221_0120_1_1')).toBeNull();
    expect(ndisCategoryOfSupportItem('16_000')).toBeNull();
    expect(ndisCategoryOfSupportItem('')).toBeNull();
  });

  it('puts a line without an item in its invoice’s first item’s category, and non-NDIS funding in the package or quarter', () => {
    expect(walletCategoryOfLine('NDIS_PLAN_MANAGED', null, '04_104_0125_6_1')).toBe('CORE_SOCIAL_COMMUNITY');
    expect(walletCategoryOfLine('NDIS_SELF_MANAGED', '02_051_0108_1_1', '01_011_0107_1_1')).toBe('CORE_TRANSPORT');
    expect(walletCategoryOfLine('NDIS_AGENCY_MANAGED', null, null)).toBe('CORE_DAILY_ACTIVITIES');
    expect(walletCategoryOfLine('SUPPORT_AT_HOME', null, null)).toBe('QUARTERLY');
    expect(walletCategoryOfLine('HOME_CARE_PACKAGE', '01_011_0107_1_1', null)).toBe('PACKAGE');
    expect(walletCategoryOfLine('PRIVATE', null, null)).toBe('PACKAGE');
    expect(walletSchemeOf('NDIS_PLAN_MANAGED')).toBe('NDIS');
    expect(walletSchemeOf('NONE')).toBe('PACKAGE');
  });
});

describe('periods', () => {
  it('knows the Australian financial quarters', () => {
    expect(financialQuarterOf('2026-08-15')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(financialQuarterOf('2026-12-31')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(financialQuarterOf('2028-02-29')).toEqual({ start: '2028-01-01', end: '2028-03-31' });
    expect(financialQuarterOf('2027-04-01')).toEqual({ start: '2027-04-01', end: '2027-06-30' });
  });

  it('runs a quarterly budget over today’s quarter inside the plan, and every other budget over the plan', () => {
    expect(categoryPeriod('QUARTERLY', plan, '2026-11-27')).toEqual({ start: '2026-10-01', end: '2026-12-31' });
    expect(categoryPeriod('QUARTERLY', { start: '2026-11-10', end: '2027-11-09' }, '2026-11-27')).toEqual({ start: '2026-11-10', end: '2026-12-31' });
    expect(categoryPeriod('QUARTERLY', plan, '2026-01-01')).toEqual({ start: '2026-07-01', end: '2026-09-30' });
    expect(categoryPeriod('PACKAGE', plan, '2026-11-27')).toEqual(plan);
  });
});

describe('figures and forecast', () => {
  it('gives spent, committed, remaining and the share spent', () => {
    const figures = walletFigures({
      budgetCents: 100_000,
      period: plan,
      today: '2026-07-10',
      spentByDate: new Map([
        ['2026-07-02', 10_000],
        ['2026-06-30', 99_999],
      ]),
      committedByDate: new Map([
        ['2026-07-20', 5_000],
        ['2027-07-01', 7_000],
      ]),
    });
    expect(figures).toMatchObject({ spentCents: 10_000, committedCents: 5_000, remainingCents: 85_000, percentSpent: 10 });
  });

  it('forecasts the day the money runs out at the rate spent so far plus the bookings', () => {
    // 10 days elapsed, $100 spent: $10 a day; $100 left with $20 booked on day 12: 0 on 2026-07-18.
    const figures = walletFigures({
      budgetCents: 20_000,
      period: plan,
      today: '2026-07-10',
      spentByDate: new Map([['2026-07-05', 10_000]]),
      committedByDate: new Map([['2026-07-12', 2_000]]),
    });
    expect(figures.runOutDate).toBe('2026-07-18');
    expect(figures.burnDown[0]).toEqual({ weekEnd: '2026-07-07', remainingCents: 10_000, isForecast: false });
    expect(figures.burnDown[1]).toEqual({ weekEnd: '2026-07-14', remainingCents: 4_000, isForecast: true });
    expect(figures.burnDown.at(-1)?.weekEnd).toBe('2027-06-30');
    expect(figures.burnDown).toHaveLength(53);
  });

  it('gives no run-out date when the forecast lasts the plan, and none without a budget', () => {
    const lasting = walletFigures({ budgetCents: 1_000_000, period: plan, today: '2026-07-10', spentByDate: new Map([['2026-07-05', 1_000]]), committedByDate: new Map() });
    expect(lasting.runOutDate).toBeNull();
    const none = walletFigures({ budgetCents: null, period: plan, today: '2026-07-10', spentByDate: new Map([['2026-07-05', 1_000]]), committedByDate: new Map() });
    expect(none).toMatchObject({ spentCents: 1_000, remainingCents: null, percentSpent: null, runOutDate: null, burnDown: [] });
  });

  it('says a budget already spent runs out today, and forecasts nothing before the plan starts or after it ends', () => {
    const spent = walletFigures({ budgetCents: 1_000, period: plan, today: '2026-08-01', spentByDate: new Map([['2026-07-05', 1_200]]), committedByDate: new Map() });
    expect(spent).toMatchObject({ runOutDate: '2026-08-01', percentSpent: 120, remainingCents: -200 });
    const before = walletFigures({ budgetCents: 1_000, period: plan, today: '2026-06-01', spentByDate: new Map(), committedByDate: new Map() });
    expect(before.runOutDate).toBeNull();
    expect(before.burnDown.every((point) => point.isForecast && point.remainingCents === 1_000)).toBe(true);
    const after = walletFigures({ budgetCents: 1_000, period: plan, today: '2027-08-01', spentByDate: new Map([['2027-06-01', 1_000]]), committedByDate: new Map() });
    expect(after.runOutDate).toBeNull();
    expect(after.burnDown.every((point) => !point.isForecast)).toBe(true);
  });
});

describe('a long plan', () => {
  it('forecasts five years of weekly bookings in one pass', () => {
    const longPlan = { start: '2026-07-01', end: '2031-06-30' };
    const committedByDate = new Map(Array.from({ length: 250 }, (_, week) => [dateOfDayNumber(dayNumberOf('2026-07-15') + week * 7), 10_000] as const));
    const started = Date.now();
    const figures = walletFigures({ budgetCents: 2_000_000, period: longPlan, today: '2026-07-10', spentByDate: new Map([['2026-07-02', 5_000]]), committedByDate });
    expect(Date.now() - started).toBeLessThan(200);
    expect(figures.committedCents).toBe(2_500_000);
    expect(figures.runOutDate).not.toBeNull();
    expect(figures.burnDown).toHaveLength(261);
  });
});

describe('the save request', () => {
  const valid = { planStartDate: '2026-07-01', planEndDate: '2027-06-30', budgets: [{ category: 'PACKAGE', amountCents: 100 }] };
  const messageOf = (value: unknown) => saveWalletRequestSchema.safeParse(value).error?.issues[0]?.message;

  it('accepts a plan and budgets', () => {
    expect(saveWalletRequestSchema.parse(valid)).toEqual(valid);
  });

  it('refuses bad dates, amounts and categories with clear messages', () => {
    expect(messageOf({ ...valid, planStartDate: '2026-02-30' })).toBe('Enter the plan start date as a date (YYYY-MM-DD)');
    expect(messageOf({ ...valid, planEndDate: '2026-06-30' })).toBe('The plan end date must be after its start date');
    expect(messageOf({ ...valid, planEndDate: '2032-07-01' })).toBe('A plan runs for at most 5 years');
    expect(messageOf({ ...valid, budgets: [{ category: 'PACKAGE', amountCents: -1 }] })).toBe('A budget cannot be less than $0');
    expect(messageOf({ ...valid, budgets: [{ category: 'PACKAGE', amountCents: 1e15 }] })).toBe('A budget is at most $10,000,000');
    expect(messageOf({ ...valid, budgets: [{ category: 'PACKAGE', amountCents: 1.5 }] })).toBe('Enter the budget to the cent');
    expect(messageOf({ ...valid, budgets: [{ category: 'PACKAGE', amountCents: '100' }] })).toBe('Enter the budget as an amount in dollars and cents');
    expect(messageOf({ ...valid, budgets: [{ category: 'GOLD\u0000', amountCents: 1 }] })).toBe('Choose a budget category from the list');
    expect(messageOf({ ...valid, budgets: [valid.budgets[0], valid.budgets[0]] })).toBe('Send each category once');
  });
});
