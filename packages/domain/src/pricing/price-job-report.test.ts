import { describe, expect, it } from 'vitest';
import { invoiceLineLabel } from '../api/invoices';
import { localToInstant } from '../shift-time';
import { stateTimeZone, type StateCode } from '../states';
import { bandRatesOf, bookedShiftToPrice, cancellationUnitPriceCents, gstCodeOfLine, kilometresText, platformFeeCents, priceJobReport, type JobReportTerms, type JobReportToPrice } from './price-job-report';
import { PricingError } from './price-shift';
import { testCatalogue } from './test-catalogue';

const catalogue = testCatalogue();

const terms = (overrides: Partial<JobReportTerms> = {}): JobReportTerms => ({
  rates: { weekdayCents: 6500, eveningCents: 7200, overnightCents: 8000, saturdayCents: 9000, sundayCents: 12000, publicHolidayCents: 16000 },
  travelPerKmCents: 99,
  cancellationChargePercent: 100,
  ndisFunded: false,
  zone: 'NATIONAL',
  gstRegistered: false,
  ndisRates: [],
  ...overrides,
});

function report(start: string, end: string, overrides: Partial<JobReportToPrice> = {}, state: StateCode = 'NSW'): JobReportToPrice {
  const zone = stateTimeZone(state);
  return {
    kind: 'SHIFT',
    startsAtMs: localToInstant(start, zone).getTime(),
    endsAtMs: localToInstant(end, zone).getTime(),
    state,
    breakMinutes: 0,
    travelTenthKm: 0,
    travelNote: '',
    expenses: [],
    ndisLineItem: null,
    ndisLevel: null,
    cancellationReasonCode: null,
    cancellationChargePercent: null,
    ...overrides,
  };
}

describe('GST codes (ndis.md "GST")', () => {
  it('makes NDIS supports GST-free, a registered worker’s other lines taxable (on-charged expenses too), and an unregistered worker’s lines GST-less', () => {
    for (const gstRegistered of [true, false]) {
      expect(gstCodeOfLine('SERVICE', { ndisFunded: true, gstRegistered })).toBe('P2');
      expect(gstCodeOfLine('CANCELLATION', { ndisFunded: true, gstRegistered })).toBe('P2');
      expect(gstCodeOfLine('TRAVEL', { ndisFunded: true, gstRegistered })).toBe('P2');
      expect(gstCodeOfLine('EXPENSE', { ndisFunded: true, gstRegistered })).toBe('P2');
    }
    // Issue 28: a registered worker's on-charged expense is part of the taxable supply.
    expect(gstCodeOfLine('EXPENSE', { ndisFunded: false, gstRegistered: true })).toBe('P1');
    expect(gstCodeOfLine('EXPENSE', { ndisFunded: false, gstRegistered: false })).toBe('P5');
    expect(gstCodeOfLine('SERVICE', { ndisFunded: false, gstRegistered: true })).toBe('P1');
    expect(gstCodeOfLine('TRAVEL', { ndisFunded: false, gstRegistered: true })).toBe('P1');
    expect(gstCodeOfLine('SERVICE', { ndisFunded: false, gstRegistered: false })).toBe('P5');
  });
});

describe('priceJobReport', () => {
  it('charges weekday night at the evening rate when the agreement has no overnight rate', () => {
    expect(bandRatesOf({ ...terms().rates, overnightCents: null }).WEEKDAY_NIGHT).toBe(7200);
    const priced = priceJobReport(report('2026-11-04T04:00', '2026-11-04T07:00'), terms({ rates: { ...terms().rates, overnightCents: null } }), null);
    expect(priced.lines.map((line) => [line.timeBand, line.unitPriceCents, line.amountCents])).toEqual([
      ['WEEKDAY_NIGHT', 7200, 14400],
      ['WEEKDAY_DAYTIME', 6500, 6500],
    ]);
  });

  it('adds travel and expenses after the hours, with GST on taxable lines only and the fee base the hours alone', () => {
    const priced = priceJobReport(
      report('2026-11-04T09:00', '2026-11-04T10:07', { travelTenthKm: 33, travelNote: 'Shops', expenses: [{ description: 'Bus fare', amountCents: 480 }] }),
      terms({ gstRegistered: true }),
      null,
    );
    // 67 minutes is 1.12 h: 1.12 × $65 = $72.80; 3.3 km × 99 c = $3.267, so $3.27.
    expect(priced.lines.map((line) => [line.kind, line.quantityHundredths, line.amountCents, line.gstCode, line.gstCents, line.description])).toEqual([
      ['SERVICE', 112, 7280, 'P1', 728, 'Care and support'],
      ['TRAVEL', 330, 327, 'P1', 33, 'Travel, 3.3 km: Shops'],
      ['EXPENSE', 100, 480, 'P1', 48, 'Bus fare'],
    ]);
    expect(priced).toMatchObject({ subtotalCents: 8087, gstCents: 809, totalCents: 8896, hourlyCents: 7280 });
    expect(platformFeeCents(priced.hourlyCents, 900)).toBe(655); // 9% of $72.80 = $6.552
  });

  it('taxes a registered worker’s on-charged expense but not a disbursement paid as the client’s agent (issue 28; ATO GSTR 2000/37)', () => {
    const expenses = [
      { description: 'Bus fare', amountCents: 480 },
      { description: 'Pharmacy item in the client’s name', amountCents: 2350, paidAsAgent: true },
    ];
    const at = report('2026-11-04T09:00', '2026-11-04T10:00', { expenses });
    const registered = priceJobReport(at, terms({ gstRegistered: true }), null);
    expect(registered.lines.map((line) => [line.kind, line.amountCents, line.gstCode, line.gstCents, line.disbursement])).toEqual([
      ['SERVICE', 6500, 'P1', 650, false],
      ['EXPENSE', 480, 'P1', 48, false],
      ['EXPENSE', 2350, 'P5', 0, true],
    ]);
    // The disbursement is passed on at cost with no GST: $65 + $4.80 + $23.50, GST $6.50 + $0.48.
    expect(registered).toMatchObject({ subtotalCents: 9330, gstCents: 698, totalCents: 10028, hourlyCents: 6500 });
    expect(gstCodeOfLine('EXPENSE', { ndisFunded: false, gstRegistered: true }, { disbursement: true })).toBe('P5');

    // An NDIS-funded invoice keeps every line GST-free (P2), the disbursement included.
    const ndis = terms({ ndisFunded: true, gstRegistered: true, ndisRates: [{ lineItem: 'SELF_CARE', level: 'ONE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    const funded = priceJobReport(at, ndis, catalogue);
    expect(funded.lines.map((line) => [line.kind, line.gstCode, line.gstCents, line.disbursement])).toEqual([
      ['SERVICE', 'P2', 0, false],
      ['EXPENSE', 'P2', 0, false],
      ['EXPENSE', 'P2', 0, true],
    ]);

    // An unregistered worker's lines are P5 either way, as before.
    const unregistered = priceJobReport(at, terms({ gstRegistered: false }), null);
    expect(unregistered.lines.map((line) => [line.gstCode, line.gstCents])).toEqual([
      ['P5', 0],
      ['P5', 0],
      ['P5', 0],
    ]);
    expect(unregistered).toMatchObject({ subtotalCents: 9330, gstCents: 0, totalCents: 9330 });

    // What the invoice prints beside each line.
    expect(registered.lines.map((line) => invoiceLineLabel(line, true))).toEqual([null, null, 'Disbursement (paid as your agent): no GST']);
    expect(funded.lines.map((line) => invoiceLineLabel(line, true))).toEqual([null, null, 'Disbursement (paid as your agent)']);
    expect(unregistered.lines.map((line) => invoiceLineLabel(line, false))).toEqual([null, null, null]);
  });

  it('uses the agreement’s NDIS rate for the band where it sets one, and the band rate otherwise', () => {
    const ndis = terms({ ndisFunded: true, ndisRates: [{ lineItem: 'SELF_CARE', level: 'ONE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    const priced = priceJobReport(report('2026-11-06T19:00', '2026-11-06T21:00'), ndis, catalogue);
    expect(priced.lines.map((line) => [line.supportItemNumber, line.unitPriceCents, line.gstCode])).toEqual([
      ['01_011_0107_1_1', 7000, 'P2'],
      ['01_015_0107_1_1', 7200, 'P2'],
    ]);
    // The line item chosen with the hours wins over the agreement's first.
    const community = priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00', { ndisLineItem: 'COMMUNITY_ACCESS' }), ndis, catalogue);
    expect(community.lines[0]).toMatchObject({ supportItemNumber: '04_104_0125_6_1', unitPriceCents: 6500 });
    expect(() => priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00'), terms({ ndisFunded: true }), catalogue)).toThrow(PricingError);
  });

  it('puts NDIS travel and expenses on the support’s provider travel item, claim type TRAN (ndis.md "Travel")', () => {
    const ndis = terms({ ndisFunded: true, ndisRates: [{ lineItem: 'SELF_CARE', level: 'ONE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 7000 }] });
    const extras = { travelTenthKm: 125, expenses: [{ description: 'Parking', amountCents: 850 }] };
    const selfCare = priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00', extras), ndis, catalogue);
    expect(selfCare.lines.map((line) => [line.kind, line.supportItemNumber, line.claimType, line.gstCode])).toEqual([
      ['SERVICE', '01_011_0107_1_1', null, 'P2'],
      ['TRAVEL', '01_799_0107_1_1', 'TRAN', 'P2'],
      ['EXPENSE', '01_799_0107_1_1', 'TRAN', 'P2'],
    ]);
    // Community access travels on its own category's item; high intensity on its registration group's.
    const community = priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00', { ...extras, ndisLineItem: 'COMMUNITY_ACCESS' }), ndis, catalogue);
    expect(community.lines.filter((line) => line.kind !== 'SERVICE').map((line) => line.supportItemNumber)).toEqual(['04_799_0125_6_1', '04_799_0125_6_1']);
    const high = priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00', { ...extras, ndisLevel: 'TWO' }), ndis, catalogue);
    expect(high.lines.map((line) => line.supportItemNumber)).toEqual(['01_400_0104_1_1', '01_799_0104_1_1', '01_799_0104_1_1']);
    // A private client's travel claims nothing from the NDIA.
    expect(priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00', extras), terms(), null).lines.map((line) => line.claimType)).toEqual([null, null, null]);
  });

  it('charges a cancellation at the agreed share of each line’s price, claim type CANC, without travel or expenses', () => {
    expect(cancellationUnitPriceCents(6555, 90)).toBe(5900); // $58.995 → $59.00
    expect(cancellationUnitPriceCents(6500, 0)).toBe(0);
    const priced = priceJobReport(
      report('2026-11-04T19:00', '2026-11-04T21:00', { kind: 'CANCELLATION', cancellationReasonCode: 'NSDT', cancellationChargePercent: 90, travelTenthKm: 50, expenses: [{ description: 'Parking', amountCents: 500 }], breakMinutes: 30 }),
      terms(),
      null,
    );
    expect(priced.lines.map((line) => [line.kind, line.timeBand, line.unitPriceCents, line.amountCents, line.claimType, line.cancellationReason])).toEqual([
      ['CANCELLATION', 'WEEKDAY_DAYTIME', 5850, 5850, 'CANC', 'NSDT'],
      ['CANCELLATION', 'WEEKDAY_EVENING', 6480, 6480, 'CANC', 'NSDT'],
    ]);
    expect(priced.hourlyCents).toBe(12330);
    // Without a charge on the cancellation, the agreement's.
    const contractShare = priceJobReport(report('2026-11-04T09:00', '2026-11-04T10:00', { kind: 'CANCELLATION' }), terms({ cancellationChargePercent: 50 }), null);
    expect(contractShare.lines[0]).toMatchObject({ unitPriceCents: 3250, amountCents: 3250 });
  });
});

describe('bookedShiftToPrice', () => {
  it('prices a booked shift on its times alone: no break, travel, expenses or cancellation, the contract’s NDIS item unless one is chosen', () => {
    const booked = report('2026-03-02T09:00', '2026-03-02T12:00');
    const { startsAtMs, endsAtMs, state } = booked;
    expect(bookedShiftToPrice({ startsAtMs, endsAtMs, state })).toEqual(booked);
    const chosen = { postcode: '2000', ndisLineItem: 'DOMESTIC', ndisLevel: 'TWO' } as const;
    expect(bookedShiftToPrice({ startsAtMs, endsAtMs, state, ...chosen })).toEqual({ ...booked, ...chosen });
  });
});

describe('kilometresText', () => {
  it('writes tenths of a kilometre as people read them', () => {
    expect([0, 5, 120, 125, 12_500, 12_345].map(kilometresText)).toEqual(['0', '0.5', '12', '12.5', '1,250', '1,234.5']);
  });
});
