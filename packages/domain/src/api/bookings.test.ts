import { describe, expect, it } from 'vitest';
import { localToInstant } from '../shift-time';
import {
  NO_SHOW_REASON_CODE_REQUIRED,
  SHORT_NOTICE_REASON_CODE_REQUIRED,
  WORKER_REASON_CODE_ONLY_FOR_NO_SHOW,
  bookingResponseStatusCodes,
  cancellationReasonCodeProblem,
  createBookingRequestSchema,
  illegalBookingMoveMessage,
  isAllowedBookingMove,
  isChargeableCancellation,
} from './bookings';
import { contractMove, contractStatusCodes, illegalContractMoveMessage, offerContractRequestSchema } from './contracts';

describe('booking response moves (spec section 4)', () => {
  it('allows exactly the five moves of the table', () => {
    const allowed = bookingResponseStatusCodes.flatMap((from) =>
      bookingResponseStatusCodes.filter((to) => isAllowedBookingMove(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['CONFIRMED->CANCELLED', 'CONFIRMED->UNCONFIRMED', 'UNCONFIRMED->CANCELLED', 'UNCONFIRMED->CONFIRMED', 'UNCONFIRMED->UNCONFIRMED'].sort());
  });

  it('lists each status once', () => {
    expect(new Set(bookingResponseStatusCodes).size).toBe(bookingResponseStatusCodes.length);
  });

  it('treats a cancelled booking as final and does not re-confirm a confirmed one', () => {
    expect(bookingResponseStatusCodes.filter((to) => isAllowedBookingMove('CANCELLED', to))).toEqual([]);
    expect(isAllowedBookingMove('CANCELLED', 'CONFIRMED')).toBe(false);
    expect(isAllowedBookingMove('CONFIRMED', 'CONFIRMED')).toBe(false);
  });

  it('names an illegal move', () => {
    expect(illegalBookingMoveMessage('CANCELLED', 'CONFIRMED')).toBe('A cancelled shift cannot be moved to confirmed.');
  });

  it('needs an end date for a repeat, on or after the first shift', () => {
    const base = { contractId: '8a1c2f4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', start: '2026-12-07T09:00', end: '2026-12-07T12:00' };
    expect(createBookingRequestSchema.safeParse({ ...base, repeat: 'WEEKLY' }).error?.issues[0]?.message).toBe('Choose the date the shifts repeat until.');
    expect(createBookingRequestSchema.safeParse({ ...base, repeat: 'WEEKLY', repeatUntil: '2026-12-06' }).error?.issues[0]?.message).toBe('The repeat must end on or after the first shift’s date.');
    expect(createBookingRequestSchema.safeParse({ ...base, start: '2026-13-07T09:00' }).success).toBe(false);
    expect(createBookingRequestSchema.parse({ ...base }).repeat).toBe('NONE');
  });
});

describe('chargeable cancellations (ndis.md "Cancellations")', () => {
  const SYDNEY = 'Australia/Sydney';
  const shiftStartsAt = localToInstant('2026-12-09T09:00', SYDNEY);
  const late = { noticeAt: localToInstant('2026-12-02T00:00', SYDNEY), shiftStartsAt, timeZone: SYDNEY, noShow: false };
  const early = { ...late, noticeAt: localToInstant('2026-12-01T23:59', SYDNEY) };

  it('charges the care seeker’s side for fewer than 7 clear days’ notice', () => {
    expect(isChargeableCancellation('CARE_SEEKER', late)).toBe(true);
    expect(isChargeableCancellation('CARE_SEEKER', early)).toBe(false);
  });

  it('never charges for the worker’s own cancellation, however late', () => {
    expect(isChargeableCancellation('WORKER', late)).toBe(false);
    expect(isChargeableCancellation('WORKER', { ...late, noticeAt: shiftStartsAt })).toBe(false);
  });

  it('charges a no-show, whichever side records it', () => {
    const noShow = { ...early, noticeAt: new Date(shiftStartsAt.getTime() + 600_000), noShow: true };
    expect(isChargeableCancellation('WORKER', noShow)).toBe(true);
    expect(isChargeableCancellation('CARE_SEEKER', noShow)).toBe(true);
  });

  it('needs a reason code for a no-show, and takes none from a worker who simply cancels', () => {
    expect(cancellationReasonCodeProblem('WORKER', { noShow: true, chargeable: true, reasonCode: null })).toBe(NO_SHOW_REASON_CODE_REQUIRED);
    expect(cancellationReasonCodeProblem('CARE_SEEKER', { noShow: true, chargeable: true, reasonCode: null })).toBe(NO_SHOW_REASON_CODE_REQUIRED);
    expect(cancellationReasonCodeProblem('WORKER', { noShow: true, chargeable: true, reasonCode: 'NSDO' })).toBeNull();
    expect(cancellationReasonCodeProblem('WORKER', { noShow: false, chargeable: false, reasonCode: 'NSDH' })).toBe(WORKER_REASON_CODE_ONLY_FOR_NO_SHOW);
    expect(cancellationReasonCodeProblem('WORKER', { noShow: false, chargeable: false, reasonCode: null })).toBeNull();
  });

  it('needs a reason code for the care seeker’s late cancellation only', () => {
    expect(cancellationReasonCodeProblem('CARE_SEEKER', { noShow: false, chargeable: true, reasonCode: null })).toBe(SHORT_NOTICE_REASON_CODE_REQUIRED);
    for (const code of ['NSDH', 'NSDF', 'NSDT', 'NSDO'] as const) {
      expect(cancellationReasonCodeProblem('CARE_SEEKER', { noShow: false, chargeable: true, reasonCode: code })).toBeNull();
    }
    expect(cancellationReasonCodeProblem('CARE_SEEKER', { noShow: false, chargeable: false, reasonCode: null })).toBeNull();
    expect(cancellationReasonCodeProblem('CARE_SEEKER', { noShow: false, chargeable: false, reasonCode: 'NSDF' })).toBeNull();
  });
});

describe('contract moves', () => {
  it('lets an offer be accepted, declined or withdrawn, and an active contract be terminated or ended, nothing else', () => {
    const moves = contractStatusCodes.flatMap((from) =>
      (['accept', 'decline', 'withdraw', 'terminate', 'end'] as const).filter((action) => contractMove(from, action)).map((action) => `${from}:${action}`),
    );
    expect(moves).toEqual(['OFFERED:accept', 'OFFERED:decline', 'OFFERED:withdraw', 'ACTIVE:terminate', 'ACTIVE:end']);
    expect(illegalContractMoveMessage('DECLINED', 'accept')).toBe('A contract that is declined cannot be accepted.');
  });

  it('defaults the policies and needs an emergency contact and an end after the start', () => {
    const offer = {
      workerId: '8a1c2f4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      fundingType: 'PRIVATE',
      supportRequired: ['CTP'],
      hourlyRateForWeekdays: 4500,
      saturdayRate: 5500,
      sundayRate: 6500,
      rateForPublicHoliday: 9000,
      rateForEveningCare: 5000,
      travelExpenseRate: 99,
      startDate: '2026-12-01',
      emergencyContacts: [{ nameOfContact: 'Ann Lee', relationshipToCareseeker: 'Daughter', phoneNumber: '0412 345 678' }],
    };
    const parsed = offerContractRequestSchema.parse(offer);
    expect(parsed.cancellationPolicy).toMatch(/less than 7 clear days/);
    expect(parsed.ndisRates).toEqual([]);
    expect(offerContractRequestSchema.safeParse({ ...offer, emergencyContacts: [] }).error?.issues[0]?.message).toBe('Add at least one emergency contact');
    expect(offerContractRequestSchema.safeParse({ ...offer, endDate: '2026-12-01' }).error?.issues[0]?.message).toBe('The end date must be after the start date.');
  });
});
