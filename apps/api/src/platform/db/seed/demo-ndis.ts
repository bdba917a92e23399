import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { DEFAULT_CANCELLATION_POLICY, DEFAULT_TERMINATION_POLICY } from '@tendly/domain/api/contracts';
import { DEFAULT_PLATFORM_FEE_BASIS_POINTS } from '@tendly/domain/api/invoices';
import { DEFAULT_AUTO_APPROVE_DAYS } from '@tendly/domain/api/timesheets';
import type { PayingForCareType } from '@tendly/domain/job-options';
import { addDaysToDate, instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import type { TaskCode } from '@tendly/domain/tasks';
import { issueInvoiceForTimesheet } from '../../billing/issue-invoice';
import type { FieldCipher } from '../../crypto/field-cipher';
import type { DbTransaction } from '../client';
import { users } from '../schema/accounts';
import { shiftNotes, timesheets } from '../schema/billing';
import { bookings, contractNdisRates, contracts, shifts } from '../schema/engagements';
import { workerTaxDetails } from '../schema/onboarding';
import { walletBudgets } from '../schema/funding-wallet';
import { fundingDetails } from '../schema/payments';
import { ndisSupportItems } from '../schema/reference';
import { workerProfiles } from '../schema/workers';
import type { SeedLocality } from './demo-workers';

/**
 * The NDIS side of the demo (issue 15), so the NDIA claims page and the plan-manager path are
 * alive on a first start. Samira, a second demo worker (Maya keeps her own invoice numbers), has
 * two NDIS participants in Parramatta:
 * - Ben, agency-managed (his NDIS number on file): weekly Wednesday-morning self-care, the first
 *   two past shifts approved and invoiced, so the administrator has two approved, unclaimed
 *   invoices to export in the NDIA bulk payment request file;
 * - Grace, plan-managed (her plan manager named in her funding details): weekly Thursday
 *   afternoons, the first past one approved and invoiced, which queues the email of its PDF to
 *   the plan manager (the job queue sends it after start-up).
 * Samira's tax details carry a bank account, so a payout pays her once her invoices are PAID.
 * Invoices are issued by the billing core, which posts their ledger journals. Written after the
 * rest of the demo, so nothing seeded before it changes.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const SYDNEY = stateTimeZone('NSW');
/** The demo's invoice terms: the configuration's defaults (as demo-hours.ts). */
const DEMO_PAYMENT_TERMS_DAYS = 7;
/** Assistance with self-care activities, standard, weekday daytime: the item the agreements claim. */
const SELF_CARE_WEEKDAY_ITEM = '01_011_0107_1_1';
/** $68.50 an hour: under the national price limit of every edition the catalogue holds ($70.23, $73.58). */
const SELF_CARE_WEEKDAY_CENTS = 6850;

export const demoNdisEmails = {
  worker: 'ndis.worker@example.com',
  agencyParticipant: 'ndis.participant@example.com',
  planManagedParticipant: 'plan.managed@example.com',
} as const;

/** The agency-managed participant's NDIS number (9 digits, made up). */
export const DEMO_NDIS_NUMBER = '430123456';
export const DEMO_PLAN_MANAGER = { name: 'Brightpath Plan Management', email: 'invoices@brightpath-plans.example.com' } as const;

const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** The local date (YYYY-MM-DD) of the given weekday (0 Sunday) on or before `date`, in Sydney. */
function weekdayOnOrBefore(date: Date, weekday: number): string {
  const local = instantToLocalDate(date, SYDNEY);
  const utc = new Date(`${local}T00:00:00Z`);
  const back = (utc.getUTCDay() - weekday + 7) % 7;
  return addDaysToDate(local, -back);
}

export interface DemoNdisContext {
  passwordHash: string;
  localities: readonly SeedLocality[];
  cipher: FieldCipher;
  now: Date;
}

export async function seedDemoNdis(tx: DbTransaction, context: DemoNdisContext): Promise<void> {
  const { now } = context;
  const parramatta = context.localities.find((l) => l.suburb === 'Parramatta' && l.postcode === '2150');
  if (!parramatta) throw new Error('Locality Parramatta 2150 is missing');
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).orderBy(users.createdAt).limit(1);

  const signedUp = daysFrom(now, -240);
  const accepted = { termsAcceptedAt: signedUp, engagementTermsAcceptedAt: signedUp, ndisCodeAcceptedAt: signedUp, agedCareCodeAcceptedAt: signedUp };
  const common = { passwordHash: context.passwordHash, createdAt: signedUp, emailVerifiedAt: signedUp, ...accepted, suburb: parramatta.suburb, state: parramatta.state, postcode: parramatta.postcode };
  const inserted = await tx
    .insert(users)
    .values([
      { ...common, email: demoNdisEmails.worker, firstName: 'Samira', lastName: 'Haddad', phone: '0489 012 345', role: 'CR', hearAboutUs: 'JOB_BOARD', streetAddress: '31 Harris Street' },
      { ...common, email: demoNdisEmails.agencyParticipant, firstName: 'Ben', lastName: 'Whitfield', phone: '0491 123 456', role: 'CS', hearAboutUs: 'SUPPORT_COORDINATOR', streetAddress: '5 Marsden Street' },
      { ...common, email: demoNdisEmails.planManagedParticipant, firstName: 'Grace', lastName: 'Tan', phone: '0492 234 567', role: 'CS', hearAboutUs: 'SEARCH_ENGINE', streetAddress: '17 Phillip Street' },
    ])
    .returning({ id: users.id, email: users.email });
  const id = (email: string): string => {
    const row = inserted.find((r) => r.email === email);
    if (!row) throw new Error(`Demo account ${email} was not inserted`);
    return row.id;
  };
  const workerId = id(demoNdisEmails.worker);
  const benId = id(demoNdisEmails.agencyParticipant);
  const graceId = id(demoNdisEmails.planManagedParticipant);

  const approvedAt = daysFrom(now, -200);
  await tx.insert(workerProfiles).values({
    userId: workerId,
    status: 'ACTIVE',
    headline: 'Registered NDIS support worker in Parramatta and the Hills',
    bio:
      "I'm Samira, and for eight years I have supported NDIS participants in western Sydney with personal care, " +
      'morning routines, cooking and getting out into the community. I have worked with people living with ' +
      'acquired brain injury, cerebral palsy and multiple sclerosis, and I take the time to learn how you like ' +
      'things done. I hold a Certificate IV in Disability, current First Aid and CPR, and I speak English and ' +
      'Arabic. I am used to working alongside plan managers and support coordinators, and my invoices are always on time.',
    gender: 'FEMALE',
    weekdayRateCents: SELF_CARE_WEEKDAY_CENTS,
    saturdayRateCents: 9600,
    sundayRateCents: 12_400,
    publicHolidayRateCents: 15_500,
    eveningRateCents: 7500,
    overnightRateCents: 7800,
    sleepoverRateCents: 26_000,
    travelPerKmCents: 99,
    skills: ['ABI', 'CP', 'MS'],
    tasks: ['CTP', 'CTS', 'COOK', 'MEAL', 'CA'],
    languages: ['en', 'ar'],
    qualifications: ['CERT4_DISABILITY', 'FIRST_AID', 'CPR', 'MANUAL_HANDLING', 'NDIS_WORKER_ORIENTATION'],
    availability: {
      mon: { morning: true, afternoon: true, evening: false },
      tue: { morning: false, afternoon: true, evening: false },
      wed: { morning: true, afternoon: true, evening: false },
      thu: { morning: true, afternoon: true, evening: false },
      fri: { morning: true, afternoon: true, evening: false },
      sat: { morning: false, afternoon: false, evening: false },
      sun: { morning: false, afternoon: false, evening: false },
    },
    localityId: parramatta.id,
    latitude: parramatta.latitude,
    longitude: parramatta.longitude,
    travelRadiusKm: 25,
    hasDriversLicence: true,
    hasCar: true,
    experienceYears: 8,
    policeCheckVerifiedAt: approvedAt,
    ndisScreeningVerifiedAt: approvedAt,
    wwccVerifiedAt: approvedAt,
    approvedAt,
    approvedByUserId: admin?.id ?? null,
    avatarUrl: '/api/avatars/samira-haddad-demo.svg',
    rating: null,
    reviewCount: 0,
    lastActiveAt: daysFrom(now, -1),
    joinedAt: signedUp,
    createdAt: signedUp,
  });
  await tx.insert(workerTaxDetails).values({
    workerId,
    abn: '63141592660',
    abnLegalName: 'Samira Haddad',
    gstRegistered: false,
    superFundName: 'Hostplus',
    superIdentifierType: 'USI',
    superIdentifier: 'HOS0100AU',
    superMemberNumber: '77123490',
    bankAccountName: 'Samira Haddad',
    bsb: '012003',
    accountNumberEncrypted: await context.cipher.encrypt('456789012'),
    accountNumberLastDigits: '012',
  });

  // Issue 16: a year's plan that began three months ago, so /funding-wallet has real figures. Ben's
  // budgets last the year; Grace's daily activities budget is small enough to run out before her
  // plan ends at her weekly bookings, which shows the forecast's warning.
  const planStartDate = addDaysToDate(instantToLocalDate(now, SYDNEY), -90);
  const planEndDate = addDaysToDate(planStartDate, 364);
  await tx.insert(fundingDetails).values([
    { userId: benId, fundingType: 'NDIS_AGENCY_MANAGED', participantFirstName: 'Ben', participantLastName: 'Whitfield', dateOfBirth: '1994-03-18', ndisNumber: DEMO_NDIS_NUMBER, planStartDate, planEndDate, updatedAt: signedUp },
    {
      userId: graceId,
      fundingType: 'NDIS_PLAN_MANAGED',
      participantFirstName: 'Grace',
      participantLastName: 'Tan',
      dateOfBirth: '1987-09-02',
      ndisNumber: '430654321',
      planManagerName: DEMO_PLAN_MANAGER.name,
      planManagerEmail: DEMO_PLAN_MANAGER.email,
      planStartDate,
      planEndDate,
      updatedAt: signedUp,
    },
  ]);
  await tx.insert(walletBudgets).values([
    { participantId: benId, category: 'CORE_DAILY_ACTIVITIES', amountCents: 1_800_000 },
    { participantId: benId, category: 'CORE_SOCIAL_COMMUNITY', amountCents: 400_000 },
    { participantId: benId, category: 'CORE_TRANSPORT', amountCents: 120_000 },
    { participantId: benId, category: 'CAPACITY_BUILDING', amountCents: 350_000 },
    { participantId: graceId, category: 'CORE_DAILY_ACTIVITIES', amountCents: 45_000 },
    { participantId: graceId, category: 'CAPACITY_BUILDING', amountCents: 250_000 },
  ]);

  const edition = await editionInForce(tx, instantToLocalDate(daysFrom(now, -30), SYDNEY));
  const agency = await insertAgreement(tx, {
    careSeekerId: benId,
    workerId,
    fundingType: 'NDIS_AGENCY_MANAGED',
    clientName: 'Ben Whitfield',
    supportRequired: ['CTP', 'CTS', 'MEAL'],
    supportDetails: 'Wednesday mornings: help with showering and dressing, a cooked breakfast, and tidying up before Ben heads to his day program.',
    note: 'Ben uses a shower chair and a grab rail; he likes to do as much as he can himself.',
    edition,
    weekday: 3,
    start: '08:30',
    end: '11:30',
    now,
  });
  const planManaged = await insertAgreement(tx, {
    careSeekerId: graceId,
    workerId,
    fundingType: 'NDIS_PLAN_MANAGED',
    clientName: 'Grace Tan',
    supportRequired: ['CTP', 'COOK', 'CA'],
    supportDetails: 'Thursday afternoons: personal care, cooking dinners for the week together, and a walk by the river.',
    note: 'Grace tires in the late afternoon: please leave the walk until after a rest.',
    edition,
    weekday: 4,
    start: '13:00',
    end: '15:00',
    now,
  });

  const settings = { platformFeeBasisPoints: DEFAULT_PLATFORM_FEE_BASIS_POINTS, paymentTermsDays: DEMO_PAYMENT_TERMS_DAYS };
  // In the order they happened, so Samira's invoice numbers follow the dates: Ben's first week,
  // Grace's first week, Ben's second week.
  const approvals = [
    { agreement: agency, shift: agency.pastShifts[0], note: benNotes[0] },
    { agreement: planManaged, shift: planManaged.pastShifts[0], note: graceNote },
    { agreement: agency, shift: agency.pastShifts[1], note: benNotes[1] },
  ];
  for (const { agreement, shift, note } of approvals) {
    if (!shift) continue;
    const submittedAt = new Date(shift.endsAt.getTime() + 3 * HOUR_MS);
    const decidedAt = new Date(submittedAt.getTime() + DAY_MS);
    const hours = { kind: 'SHIFT' as const, contractId: agreement.contractId, shiftId: shift.id, workerId, careSeekerId: agreement.careSeekerId, startsAt: shift.startsAt, endsAt: shift.endsAt, timeZone: SYDNEY, state: 'NSW' as const };
    const [timesheet] = await tx
      .insert(timesheets)
      .values({
        ...hours,
        createdByUserId: workerId,
        submittedByUserId: workerId,
        breakMinutes: 0,
        status: 'APPROVED',
        submittedAt,
        autoApproveAt: new Date(submittedAt.getTime() + DEFAULT_AUTO_APPROVE_DAYS * DAY_MS),
        decidedAt,
        decidedBy: 'CARE_SEEKER',
        decidedByUserId: agreement.careSeekerId,
        createdAt: submittedAt,
        updatedAt: decidedAt,
      })
      .returning({ id: timesheets.id });
    if (!timesheet) throw new Error('The demo NDIS hours were not inserted');
    const { kind: _kind, ...noteHours } = hours;
    await tx.insert(shiftNotes).values({ ...noteHours, timesheetId: timesheet.id, body: note, sharedAt: submittedAt, createdAt: submittedAt, updatedAt: submittedAt });
    await issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: decidedAt, settings });
  }
}

/** The catalogue edition in force on a date for the self-care item (the latest that prices it nationally). */
async function editionInForce(tx: DbTransaction, localDate: string): Promise<string> {
  const [row] = await tx
    .select({ edition: ndisSupportItems.edition })
    .from(ndisSupportItems)
    .where(and(eq(ndisSupportItems.number, SELF_CARE_WEEKDAY_ITEM), lte(ndisSupportItems.effectiveFrom, localDate), isNotNull(ndisSupportItems.priceNationalCents)))
    .orderBy(desc(ndisSupportItems.effectiveFrom))
    .limit(1);
  if (!row) throw new Error(`The NDIS catalogue has no ${SELF_CARE_WEEKDAY_ITEM} in force on ${localDate}`);
  return row.edition;
}

interface AgreementInput {
  careSeekerId: string;
  workerId: string;
  fundingType: PayingForCareType;
  clientName: string;
  supportRequired: TaskCode[];
  supportDetails: string;
  note: string;
  edition: string;
  /** The day of the week of the weekly shifts (0 Sunday). */
  weekday: number;
  start: string;
  end: string;
  now: Date;
}

/**
 * An ACTIVE NDIS agreement in Parramatta signed five weeks ago, at Samira's rates with the
 * self-care NDIS rate, and a weekly booking from two weeks back to six weeks ahead: the past
 * shifts confirmed, the next two confirmed, the rest waiting for Samira.
 */
async function insertAgreement(tx: DbTransaction, input: AgreementInput) {
  const { now } = input;
  const signedAt = daysFrom(now, -33);
  const [contract] = await tx
    .insert(contracts)
    .values({
      careSeekerId: input.careSeekerId,
      workerId: input.workerId,
      offeredByUserId: input.careSeekerId,
      status: 'ACTIVE',
      fundingType: input.fundingType,
      clientName: input.clientName,
      clientState: 'NSW',
      clientPostcode: '2150',
      clientMmmClass: 1,
      supportRequired: input.supportRequired,
      supportDetails: input.supportDetails,
      weekdayRateCents: SELF_CARE_WEEKDAY_CENTS,
      saturdayRateCents: 9600,
      sundayRateCents: 12_400,
      publicHolidayRateCents: 15_500,
      eveningRateCents: 7500,
      overnightRateCents: null,
      travelPerKmCents: 99,
      startDate: instantToLocalDate(daysFrom(now, -30), SYDNEY),
      endDate: null,
      cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
      terminationPolicy: DEFAULT_TERMINATION_POLICY,
      note: input.note,
      emergencyContacts: [],
      offeredAt: daysFrom(now, -35),
      signedName: 'Samira Haddad',
      signedAt,
      signedIp: '203.0.113.57',
      updatedAt: signedAt,
    })
    .returning({ id: contracts.id });
  if (!contract) throw new Error('The demo NDIS contract was not inserted');
  await tx.insert(contractNdisRates).values({
    contractId: contract.id,
    lineItem: 'SELF_CARE',
    level: 'ONE',
    timeOfDay: 'WEEKDAY_DAYTIME',
    supportItemNumber: SELF_CARE_WEEKDAY_ITEM,
    edition: input.edition,
    amountCents: SELF_CARE_WEEKDAY_CENTS,
    position: 0,
  });

  // Two weeks back at least: the first two shifts are always in the past.
  const firstDate = weekdayOnOrBefore(daysFrom(now, -14), input.weekday);
  const weeks = 8;
  const [booking] = await tx
    .insert(bookings)
    .values({
      contractId: contract.id,
      createdByUserId: input.careSeekerId,
      timeZone: SYDNEY,
      firstStartLocal: `${firstDate}T${input.start}`,
      firstEndLocal: `${firstDate}T${input.end}`,
      repeat: 'WEEKLY',
      repeatUntil: addDaysToDate(firstDate, 7 * (weeks - 1)),
      createdAt: daysFrom(now, -32),
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('The demo NDIS booking was not inserted');

  const rows: (typeof shifts.$inferInsert)[] = [];
  let upcomingConfirmed = 0;
  for (let week = 0; week < weeks; week += 1) {
    const date = addDaysToDate(firstDate, 7 * week);
    const startsAt = localToInstant(`${date}T${input.start}`, SYDNEY);
    const endsAt = localToInstant(`${date}T${input.end}`, SYDNEY);
    const past = endsAt < now;
    const confirmed = past || upcomingConfirmed < 2;
    if (!past && confirmed) upcomingConfirmed += 1;
    rows.push({
      bookingId: booking.id,
      contractId: contract.id,
      workerId: input.workerId,
      careSeekerId: input.careSeekerId,
      startsAt,
      endsAt,
      timeZone: SYDNEY,
      status: confirmed ? 'CONFIRMED' : 'UNCONFIRMED',
      statusChangedAt: confirmed ? daysFrom(now, -31) : daysFrom(now, -32),
      createdAt: daysFrom(now, -32),
    });
  }
  const inserted = await tx.insert(shifts).values(rows).returning({ id: shifts.id, startsAt: shifts.startsAt, endsAt: shifts.endsAt });
  const pastShifts = inserted.filter((shift) => shift.endsAt < now).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { contractId: contract.id, careSeekerId: input.careSeekerId, pastShifts };
}

const benNotes = [
  'Ben showered and dressed with prompting only; he managed the buttons himself today. Scrambled eggs and toast for breakfast, then we tidied the kitchen. He left for his day program in good spirits.',
  'A slower morning: Ben had slept badly and was stiff, so we took the shower steps one at a time. Porridge for breakfast. He asked to practise making his own coffee next week.',
] as const;
const graceNote =
  'Personal care after Grace’s rest, then we cooked a chicken and vegetable soup and a lasagne for the week and labelled them for the freezer. A short walk along the river; Grace was tired but happy.';
