import { z } from 'zod';
import { shiftPlanSchema } from './shift-plan';
import { payingForCareTypeCodes } from '../job-options';
import { addMonthsToDate, isLaterDate } from '../shift-time';
import { ndisLineItemCodes, ndisTimeBandCodes, supportLevelCodes } from '../ndis-line-items';
import { stateCodes } from '../states';
import { taskCodes } from '../tasks';
import { safeText } from '../validation/safe-text';
import { formatCents, formatWholeDollars } from '../format';

/**
 * Service agreements (contracts; issue 13, spec section 3 Contract, workflows.md "Contracts").
 * The request uses the spec's field names; every rate is integer cents (travelExpenseRate is cents
 * a km). A care seeker, or a coordinator acting for one, offers a contract to one worker,
 * optionally for one of their jobs; the worker accepts (signing with their typed full name) or
 * declines.
 *
 * Choices made here (the spec says "not shown"):
 * - One live contract (OFFERED or ACTIVE) per care seeker and worker: a second offer while one is
 *   live is a 409 (change the terms by ending one and offering another).
 * - supportRequired is a list of the product's task codes; supportDetails, the policies and the
 *   note are free text.
 * - Hourly rates are $20 to $300 as on worker profiles; active overnight may be empty.
 * - startDate is today or later (in the client's state) and at most a year ahead; endDate, when
 *   given, is after it and at most 3 years after it. Without an end date the agreement runs until
 *   either side terminates it. A termination's last day is at most 3 years from today.
 */

export const contractStatusCodes = ['OFFERED', 'ACTIVE', 'DECLINED', 'WITHDRAWN', 'ENDED', 'TERMINATED'] as const;
export type ContractStatus = (typeof contractStatusCodes)[number];

export const contractStatusLabels: Readonly<Record<ContractStatus, string>> = {
  OFFERED: 'Offered',
  ACTIVE: 'Active',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
  ENDED: 'Ended',
  TERMINATED: 'Terminated',
};

/** The moves a contract may make, and who may make each. Any other move is a 409 naming it. */
export const contractMoves = [
  { from: 'OFFERED', to: 'ACTIVE', action: 'accept', by: 'WORKER' },
  { from: 'OFFERED', to: 'DECLINED', action: 'decline', by: 'WORKER' },
  { from: 'OFFERED', to: 'WITHDRAWN', action: 'withdraw', by: 'CARE_SEEKER' },
  { from: 'ACTIVE', to: 'TERMINATED', action: 'terminate', by: 'EITHER' },
  { from: 'ACTIVE', to: 'ENDED', action: 'end', by: 'SYSTEM' },
] as const satisfies readonly { from: ContractStatus; to: ContractStatus; action: string; by: 'WORKER' | 'CARE_SEEKER' | 'EITHER' | 'SYSTEM' }[];
export type ContractAction = (typeof contractMoves)[number]['action'];

export function contractMove(from: ContractStatus, action: ContractAction) {
  return contractMoves.find((move) => move.from === from && move.action === action);
}

/** The 409 for a move the contract's status does not allow. */
export function illegalContractMoveMessage(from: ContractStatus, action: ContractAction): string {
  return `A contract that is ${contractStatusLabels[from].toLowerCase()} cannot be ${pastTense[action]}.`;
}
const pastTense: Readonly<Record<ContractAction, string>> = {
  accept: 'accepted',
  decline: 'declined',
  withdraw: 'withdrawn',
  terminate: 'terminated',
  end: 'ended',
};

/** ndis.md "Cancellations": the default cancellation policy of every new contract. */
export const DEFAULT_CANCELLATION_POLICY =
  'Shifts cancelled with less than 7 clear days’ notice, or where the worker arrives and the support does not go ahead (a no-show), are short-notice cancellations. A short-notice cancellation may be charged at up to 100% of the booked shift, as the NDIS Pricing Arrangements allow, where the worker could not be given other work for that time.';
export const DEFAULT_TERMINATION_POLICY =
  'Either party may end this agreement by giving the other 14 days’ written notice, for example in a message. Hours worked before the agreement ends are still approved and paid as usual.';

export const CONTRACT_TEXT_MAX = 5000;
export const CONTRACT_NOTE_MAX = 2000;
export const EMERGENCY_CONTACTS_MAX = 5;
export const CONTRACT_MAX_YEARS = 3;
/** How far ahead an agreement may start. */
export const CONTRACT_START_MAX_MONTHS_AHEAD = 12;

/** The last start date an offer made today may have. */
export function latestContractStartDate(today: string): string {
  return addMonthsToDate(today, CONTRACT_START_MAX_MONTHS_AHEAD);
}

/** The last end date an agreement starting on `startDate` may have: CONTRACT_MAX_YEARS after it. */
export function latestContractEndDate(startDate: string): string {
  return addMonthsToDate(startDate, CONTRACT_MAX_YEARS * 12);
}

export const RATE_MIN_CENTS = 2_000;
export const RATE_MAX_CENTS = 30_000;
export const TRAVEL_RATE_MAX_CENTS = 500;

function rate(name: string) {
  const message = `Enter the ${name} rate: ${formatWholeDollars(RATE_MIN_CENTS)} to ${formatWholeDollars(RATE_MAX_CENTS)} an hour`;
  return z
    .number({ error: message })
    .int({ error: 'Enter the rate in dollars and cents' })
    .min(RATE_MIN_CENTS, { error: message })
    .max(RATE_MAX_CENTS, { error: message });
}
const TRAVEL_MESSAGE = 'Enter the travel rate: $0 to $5 a km';

const text = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong }).check(safeText('multi'));
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, { error: tooLong }).check(safeText('multi')).default('');

const localDate = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

export const PHONE_MESSAGE = 'Enter a phone number of 8 to 15 digits';
export const emergencyContactSchema = z.object({
  nameOfContact: z.string({ error: 'Enter the contact’s name' }).trim().min(1, { error: 'Enter the contact’s name' }).max(100, { error: 'Keep the name to 100 characters or fewer' }).check(safeText()),
  relationshipToCareseeker: z
    .string({ error: 'Say how they are related to the person receiving support' })
    .trim()
    .min(1, { error: 'Say how they are related to the person receiving support' })
    .max(60, { error: 'Keep the relationship to 60 characters or fewer' })
    .check(safeText()),
  phoneNumber: z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .check(safeText())
    .refine((value) => /^\+?[\d\s()-]+$/.test(value) && /^\d{8,15}$/.test(value.replace(/\D/g, '')), { error: PHONE_MESSAGE }),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/** An NDIS rate (spec section 3): id, amount, timeOfDay, lineItem, level. The server finds the support item. */
export const ndisRateInputSchema = z.object({
  lineItem: z.enum(ndisLineItemCodes, { error: 'Choose a support from the list' }),
  level: z.enum(supportLevelCodes, { error: 'Choose a support level' }).default('ONE'),
  timeOfDay: z.enum(ndisTimeBandCodes, { error: 'Choose when the support is given' }),
  /** Cents per unit (an hour, or a night for a sleepover). */
  amount: z.number({ error: 'Enter the rate in dollars and cents' }).int({ error: 'Enter the rate in dollars and cents' }).min(1, { error: 'Enter a rate above $0' }),
});
export type NdisRateInput = z.input<typeof ndisRateInputSchema>;

export const ndisRateSchema = ndisRateInputSchema.extend({
  id: z.uuid(),
  level: z.enum(supportLevelCodes),
  /** The catalogue item it is claimed as, e.g. 01_011_0107_1_1. */
  supportItemNumber: z.string(),
  supportItemName: z.string(),
  /** The item's price limit for the client's zone on the start date, in cents. */
  priceLimit: z.number().int().nullable(),
});
export type NdisRate = z.infer<typeof ndisRateSchema>;

/** The default short-notice cancellation charge: 100% of the booked shift, as the NDIS allows (ndis.md "Cancellations"). */
export const DEFAULT_CANCELLATION_CHARGE_PERCENT = 100;
export const CANCELLATION_CHARGE_MESSAGE = 'Enter a cancellation charge from 0% to 100%, in whole numbers';

export const contractTermsSchema = z.object({
  supportRequired: z.array(z.enum(taskCodes, { error: 'Choose supports from the list' }), { error: 'Choose at least one support' }).min(1, { error: 'Choose at least one support' }),
  supportDetails: optionalText(CONTRACT_TEXT_MAX, `Keep the details to ${CONTRACT_TEXT_MAX.toLocaleString('en-AU')} characters or fewer`),
  hourlyRateForWeekdays: rate('weekday'),
  saturdayRate: rate('Saturday'),
  sundayRate: rate('Sunday'),
  rateForPublicHoliday: rate('public holiday'),
  rateForEveningCare: rate('evening'),
  rateForOverniteCare: rate('active overnight').nullable().default(null),
  travelExpenseRate: z.number({ error: TRAVEL_MESSAGE }).int({ error: TRAVEL_MESSAGE }).min(0, { error: TRAVEL_MESSAGE }).max(TRAVEL_RATE_MAX_CENTS, { error: TRAVEL_MESSAGE }),
  ndisRates: z.array(ndisRateInputSchema).max(30, { error: 'List at most 30 NDIS rates' }).default([]),
  startDate: localDate,
  endDate: localDate.nullable().default(null),
  cancellationPolicy: text(CONTRACT_TEXT_MAX, 'Enter the cancellation policy', `Keep the policy to ${CONTRACT_TEXT_MAX.toLocaleString('en-AU')} characters or fewer`).default(DEFAULT_CANCELLATION_POLICY),
  /** ndis.md "Cancellations": the share of a booked shift charged for a short-notice cancellation (issue 14). */
  cancellationChargePercent: z
    .number({ error: CANCELLATION_CHARGE_MESSAGE })
    .int({ error: CANCELLATION_CHARGE_MESSAGE })
    .min(0, { error: CANCELLATION_CHARGE_MESSAGE })
    .max(100, { error: CANCELLATION_CHARGE_MESSAGE })
    .default(DEFAULT_CANCELLATION_CHARGE_PERCENT),
  terminationPolicy: text(CONTRACT_TEXT_MAX, 'Enter the termination policy', `Keep the policy to ${CONTRACT_TEXT_MAX.toLocaleString('en-AU')} characters or fewer`).default(DEFAULT_TERMINATION_POLICY),
  note: optionalText(CONTRACT_NOTE_MAX, `Keep the note to ${CONTRACT_NOTE_MAX.toLocaleString('en-AU')} characters or fewer`),
  emergencyContacts: z
    .array(emergencyContactSchema, { error: 'Add at least one emergency contact' })
    .min(1, { error: 'Add at least one emergency contact' })
    .max(EMERGENCY_CONTACTS_MAX, { error: `Add at most ${EMERGENCY_CONTACTS_MAX} emergency contacts` }),
});

export const END_BEFORE_START_MESSAGE = 'The end date must be after the start date.';
/**
 * The agreement term that lets a short-paid NDIA claim's difference be billed to the participant
 * (payments-ops.md, issue 28). Only for NDIA-managed (agency-managed) funding: NDIS Pricing
 * Arrangements let a provider charge a participant only what their service agreement sets out.
 */
export const NDIS_SHORTFALL_BILLABLE_LABEL = 'If the NDIA pays less than claimed, the difference may be billed to the participant';
export const NDIS_SHORTFALL_NOT_BILLABLE_TEXT = 'If the NDIA pays less than claimed, the difference is not billed to the participant.';
export const NDIS_SHORTFALL_ONLY_AGENCY_MESSAGE = 'Billing the participant for what the NDIA did not pay applies only when the NDIA manages the funding. Untick it or change how the support is paid for.';
export const END_DATE_TOO_FAR_MESSAGE = `The end date can be at most ${CONTRACT_MAX_YEARS} years after the start date.`;

/** POST /api/contracts. */
export const offerContractRequestSchema = contractTermsSchema
  .extend({
    workerId: z.uuid({ error: 'Choose a worker' }),
    jobId: z.uuid({ error: 'Choose one of your jobs' }).nullable().default(null),
    fundingType: z.enum(payingForCareTypeCodes, { error: 'Choose how the support is paid for' }),
    ndisShortfallBillable: z.boolean({ error: 'Say whether a short-paid NDIS difference may be billed to the participant: true or false' }).default(false),
    /** The shifts the agreement plans (issue 31 item 3), booked as one series when the worker accepts; null plans none. */
    shiftPlan: shiftPlanSchema.nullable().default(null),
  })
  .superRefine((value, context) => {
    if (value.ndisShortfallBillable && value.fundingType !== 'NDIS_AGENCY_MANAGED') {
      context.addIssue({ code: 'custom', path: ['ndisShortfallBillable'], message: NDIS_SHORTFALL_ONLY_AGENCY_MESSAGE });
    }
    if (value.endDate !== null && value.endDate <= value.startDate) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START_MESSAGE });
    } else if (value.endDate !== null && isLaterDate(value.endDate, latestContractEndDate(value.startDate))) {
      context.addIssue({ code: 'custom', path: ['endDate'], message: END_DATE_TOO_FAR_MESSAGE });
    }
  });
export type OfferContractRequest = z.input<typeof offerContractRequestSchema>;

/** The worker accepting an agreement whose planned shifts overlap a shift they already have (issue 31 item 3). */
export function plannedShiftClashMessage(clashWhen: string, careSeekerFirstName: string): string {
  return `A planned shift clashes with a shift you already have on ${clashWhen}. Cancel that shift first, or ask ${careSeekerFirstName} to offer the agreement with other times.`;
}

export const SIGNATURE_MESSAGE = 'Type your full name as it appears on your profile to sign the agreement.';
/** POST /api/contracts/{id}/accept: the worker's typed full name is the signature. */
export const acceptContractRequestSchema = z.object({
  signatureName: z.string({ error: SIGNATURE_MESSAGE }).trim().min(2, { error: SIGNATURE_MESSAGE }).max(120, { error: SIGNATURE_MESSAGE }).check(safeText()),
  agreed: z.literal(true, { error: 'Confirm that you have read and agree to this service agreement.' }),
});
export const declineContractRequestSchema = z.object({
  reason: optionalText(CONTRACT_NOTE_MAX, `Keep the reason to ${CONTRACT_NOTE_MAX.toLocaleString('en-AU')} characters or fewer`),
});
export const terminateContractRequestSchema = z.object({
  reason: text(CONTRACT_NOTE_MAX, 'Tell the other party why the agreement is ending', `Keep the reason to ${CONTRACT_NOTE_MAX.toLocaleString('en-AU')} characters or fewer`),
  /** The last day of the agreement (the notice date): today or later. */
  noticeDate: localDate,
});

/** One party of a contract, the care seeker or the worker, as the agreement and its shifts, hours and invoices name them. */
export const contractPartySchema = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const contractSchema = z.object({
  id: z.uuid(),
  status: z.enum(contractStatusCodes),
  careSeeker: contractPartySchema,
  worker: contractPartySchema,
  /** The person receiving support (the job's clientName, else the care seeker). */
  clientName: z.string(),
  clientState: z.enum(stateCodes),
  jobId: z.uuid().nullable(),
  jobTitle: z.string().nullable(),
  fundingType: z.enum(payingForCareTypeCodes),
  /** NDIA-managed funding only: a short-paid claim's difference may be billed to the participant (issue 28). */
  ndisShortfallBillable: z.boolean().default(false),
  supportRequired: z.array(z.enum(taskCodes)),
  supportDetails: z.string(),
  hourlyRateForWeekdays: z.number().int(),
  saturdayRate: z.number().int(),
  sundayRate: z.number().int(),
  rateForPublicHoliday: z.number().int(),
  rateForEveningCare: z.number().int(),
  rateForOverniteCare: z.number().int().nullable(),
  travelExpenseRate: z.number().int(),
  ndisRates: z.array(ndisRateSchema),
  startDate: z.iso.date(),
  endDate: z.iso.date().nullable(),
  cancellationPolicy: z.string(),
  cancellationChargePercent: z.number().int(),
  terminationPolicy: z.string(),
  note: z.string(),
  emergencyContacts: z.array(emergencyContactSchema),
  /** The planned shifts, as offered; null when the offer plans none. */
  shiftPlan: shiftPlanSchema.nullable().default(null),
  /** The series (booking) the plan was booked as when the worker accepted; null before. */
  plannedSeriesId: z.uuid().nullable().default(null),
  offeredAt: z.iso.datetime({ offset: true }),
  /** The signature record, once accepted. The IP is shown to the parties only in the PDF. */
  signedName: z.string().nullable(),
  signedAt: z.iso.datetime({ offset: true }).nullable(),
  declinedReason: z.string().nullable(),
  terminationReason: z.string().nullable(),
  terminationNoticeDate: z.iso.date().nullable(),
  closedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

export const contractListSchema = z.object({ contracts: z.array(contractSchema) });

// --- Additions for the contracts feature (issue 13) ---


/** The unit a support item is priced in, for messages and the form. */
export function priceUnitLabel(unit: 'H' | 'E'): string {
  return unit === 'H' ? 'an hour' : 'each';
}

/** 400: an NDIS rate above its item's price limit for the client's zone on the start date. */
export function aboveNdisPriceLimitMessage(item: { name: string; number: string; unit: 'H' | 'E' }, amountCents: number, limitCents: number): string {
  return `The rate for ${item.name} (${item.number}) is ${formatCents(amountCents)}, above its price limit of ${formatCents(limitCents)} ${priceUnitLabel(item.unit)}.`;
}

/** 400/404: no catalogue item for a line item, level and time of day (e.g. community access at night). */
export function noNdisSupportItemMessage(lineItemLabel: string, timeBandLabel: string, date: string): string {
  return `The NDIS has no ${lineItemLabel.toLowerCase()} support item for ${timeBandLabel.toLowerCase()} in force on ${date}. Choose another time of day.`;
}

export const NDIS_RATES_REQUIRED_MESSAGE = 'Add at least one NDIS rate: an NDIS-funded agreement must list the support items it claims.';
export const NDIS_RATES_NOT_ALLOWED_MESSAGE = 'NDIS rates apply only when the support is NDIS-funded. Remove them or change how the support is paid for.';
export const NO_CLIENT_STATE_MESSAGE =
  'Offer the agreement for one of your jobs, or add your state to your account details first: the agreement’s prices and shift times depend on where the support is given.';
export const START_DATE_PAST_MESSAGE = 'The start date must be today or later.';
export const START_DATE_TOO_FAR_MESSAGE = 'The start date can be at most a year from today.';
export const NOTICE_DATE_PAST_MESSAGE = 'The last day must be today or later.';
/** workflows.md "Contracts": an agreement is not ended while hours under it wait for a decision. */
export const HOURS_AWAITING_APPROVAL_MESSAGE =
  'Hours under this agreement are waiting for approval. Approve or reject them before ending the agreement.';
/** workflows.md "Contracts": nor while its invoices are unpaid (issue 15, now that invoices can be paid). */
export const INVOICES_UNPAID_MESSAGE = 'Invoices under this agreement are unpaid. They must be paid or credited before the agreement ends.';
export const NOTICE_DATE_TOO_FAR_MESSAGE = `The last day can be at most ${CONTRACT_MAX_YEARS} years from today.`;
export const LIVE_CONTRACT_EXISTS_MESSAGE =
  'You already have a service agreement offered to or active with this worker. End or withdraw it before offering another.';
export const JOB_NOT_OPEN_MESSAGE = 'That job is no longer open. Offer the agreement without a job, or choose one of your open jobs.';

/** GET /api/ndis/price-limit: the support an NDIS rate names, on a date. */
export const priceLimitQuerySchema = ndisRateInputSchema.pick({ lineItem: true, level: true, timeOfDay: true }).extend({
  date: localDate,
  postcode: z
    .string()
    .regex(/^\d{4}$/, { error: 'Enter a 4-digit postcode' })
    .optional(),
});
export const priceLimitSchema = z.object({
  supportItemNumber: z.string(),
  supportItemName: z.string(),
  unit: z.enum(['H', 'E']),
  /** Cents per unit for the zone; null where the catalogue gives none (quote required). */
  priceLimit: z.number().int().nullable(),
  edition: z.string(),
  zone: z.enum(['NATIONAL', 'REMOTE', 'VERY_REMOTE']),
});
export type PriceLimit = z.infer<typeof priceLimitSchema>;

/** GET /api/contracts/defaults: what the offer form starts from. */
export const contractDefaultsQuerySchema = z.object({
  workerId: z.uuid({ error: 'Choose a worker' }),
  jobId: z.uuid({ error: 'Choose one of your jobs' }).optional(),
});
export const contractDefaultsSchema = z.object({
  worker: contractPartySchema,
  job: z.object({ id: z.uuid(), title: z.string() }).nullable(),
  /** The care seeker's open jobs, to choose one when offering from My workers. */
  openJobs: z.array(z.object({ id: z.uuid(), title: z.string(), state: z.enum(stateCodes).nullable() })),
  fundingType: z.enum(payingForCareTypeCodes),
  clientName: z.string(),
  clientState: z.enum(stateCodes).nullable(),
  clientPostcode: z.string().nullable(),
  today: z.iso.date(),
  /** The worker's profile rates in cents; null where the profile has none. */
  rates: z.object({
    hourlyRateForWeekdays: z.number().int().nullable(),
    saturdayRate: z.number().int().nullable(),
    sundayRate: z.number().int().nullable(),
    rateForPublicHoliday: z.number().int().nullable(),
    rateForEveningCare: z.number().int().nullable(),
    rateForOverniteCare: z.number().int().nullable(),
    travelExpenseRate: z.number().int().nullable(),
  }),
  cancellationPolicy: z.string(),
  terminationPolicy: z.string(),
  /** For NDIS funding: suggested rates (each at most its limit) with their items; empty otherwise. */
  ndisRates: z.array(ndisRateInputSchema.extend({ level: z.enum(supportLevelCodes), supportItemNumber: z.string(), supportItemName: z.string(), priceLimit: z.number().int().nullable() })),
});
export type ContractDefaults = z.infer<typeof contractDefaultsSchema>;

export const contractParamsSchema = z.object({ id: z.uuid({ error: 'That agreement does not exist' }) });
export const contractListQuerySchema = z.object({ status: z.enum(contractStatusCodes).optional() });

/** The signature must match the worker's profile name, ignoring case and spacing. */
export function signatureMatches(typed: string, firstName: string, lastName: string): boolean {
  const normalise = (value: string) => value.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
  return normalise(typed) === normalise(`${firstName} ${lastName}`);
}
