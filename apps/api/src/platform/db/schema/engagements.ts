import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgEnum, pgTable, smallint, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookingRepeatCodes, bookingResponseStatusCodes, cancellationReasonCodes, type ShiftPlan } from '@tendly/domain/api/bookings';
import { contractStatusCodes, type EmergencyContact } from '@tendly/domain/api/contracts';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { NdisLineItemCode, NdisTimeBand, SupportLevel } from '@tendly/domain/ndis-line-items';
import type { TaskCode } from '@tendly/domain/tasks';
import { at, createdAt } from './columns';
import { users } from './accounts';
import { jobs } from './jobs';
import { storedFiles } from './platform';
import { stateCode } from './reference';
import { userRef } from './user-refs';

/**
 * What happens between "found a worker" and "the shift happens" (issue 13): conversations and
 * their messages, service agreements (contracts) and bookings with their shifts.
 */

/**
 * One conversation per care seeker and worker. Each side's read mark and the time its unread
 * messages were last emailed live here, so the unread count and the "at most once per window"
 * email need no other table. `blocked_by_user_id`: nobody can send until that person unblocks.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careSeekerId: userRef('care_seeker_id').notNull(),
    workerId: userRef('worker_id').notNull(),
    /** Who started it (a coordinator acting is recorded as themselves). */
    startedByUserId: uuid('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastMessageAt: at('last_message_at'),
    careSeekerReadAt: at('care_seeker_read_at'),
    workerReadAt: at('worker_read_at'),
    careSeekerEmailedAt: at('care_seeker_emailed_at'),
    workerEmailedAt: at('worker_emailed_at'),
    blockedByUserId: uuid('blocked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    blockedAt: at('blocked_at'),
  },
  (t) => [
    unique('conversations_pair_key').on(t.careSeekerId, t.workerId),
    // Each side's list, latest activity first.
    index('conversations_care_seeker_idx').on(t.careSeekerId, t.lastMessageAt.desc()),
    index('conversations_worker_idx').on(t.workerId, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The care seeker or the worker the message is from. */
    senderId: userRef('sender_id').notNull(),
    /** Who really wrote it: the sender, or the coordinator acting for the care seeker. */
    actedByUserId: uuid('acted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Cursor paging newest first, the id breaking ties; the unread count scans the same index.
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/** A file uploaded to a conversation: `message_id` is null until the message that carries it is sent. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    uploadedByUserId: userRef('uploaded_by_user_id').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId), index('message_attachments_conversation_idx').on(t.conversationId)],
);

export const contractStatusEnum = pgEnum('contract_status', contractStatusCodes);

/**
 * A service agreement (spec section 3 Contract). Rates are integer cents (travel: cents a km).
 * The client's state, postcode and MMM class are copied in at the offer: the zone decides the NDIS
 * price limits, and the state the time zone of every shift booked under it.
 */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careSeekerId: userRef('care_seeker_id').notNull(),
    workerId: userRef('worker_id').notNull(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    offeredByUserId: uuid('offered_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: contractStatusEnum('status').notNull().default('OFFERED'),
    fundingType: text('funding_type').$type<PayingForCareType>().notNull(),
    clientName: text('client_name').notNull(),
    clientState: stateCode('client_state').notNull(),
    clientPostcode: text('client_postcode'),
    /** Modified Monash Model class of the client's locality (1 to 7); null when unknown (priced as 1). */
    clientMmmClass: smallint('client_mmm_class'),

    supportRequired: text('support_required').array().$type<TaskCode[]>().notNull(),
    supportDetails: text('support_details').notNull().default(''),
    weekdayRateCents: integer('weekday_rate_cents').notNull(),
    saturdayRateCents: integer('saturday_rate_cents').notNull(),
    sundayRateCents: integer('sunday_rate_cents').notNull(),
    publicHolidayRateCents: integer('public_holiday_rate_cents').notNull(),
    eveningRateCents: integer('evening_rate_cents').notNull(),
    overnightRateCents: integer('overnight_rate_cents'),
    travelPerKmCents: integer('travel_per_km_cents').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    cancellationPolicy: text('cancellation_policy').notNull(),
    /** The share of a booked shift charged for a short-notice cancellation (ndis.md: up to 100%). */
    cancellationChargePercent: smallint('cancellation_charge_percent').notNull().default(100),
    /**
     * NDIS agency-managed: the participant agreed to pay what the NDIA does not pay on a claim
     * (payments-ops.md: a short-paid difference is billed elsewhere only where the agreement allows).
     */
    ndisShortfallBillable: boolean('ndis_shortfall_billable').notNull().default(false),
    terminationPolicy: text('termination_policy').notNull(),
    note: text('note').notNull().default(''),
    emergencyContacts: jsonb('emergency_contacts').$type<EmergencyContact[]>().notNull(),
    /** The shifts the offer plans (issue 31 item 3): booked as one series when the worker accepts. */
    shiftPlan: jsonb('shift_plan').$type<ShiftPlan>(),
    /** The series (booking) the plan became on acceptance. */
    plannedBookingId: uuid('planned_booking_id'),

    offeredAt: at('offered_at').notNull().defaultNow(),
    /** The signature record: the worker's typed full name, when, and from which address. */
    signedName: text('signed_name'),
    signedAt: at('signed_at'),
    signedIp: text('signed_ip'),
    declinedReason: text('declined_reason'),
    terminatedByUserId: uuid('terminated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    terminationReason: text('termination_reason'),
    terminationNoticeDate: date('termination_notice_date', { mode: 'string' }),
    /** When it left OFFERED or ACTIVE for good (declined, withdrawn, ended, terminated). */
    closedAt: at('closed_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One live contract per care seeker and worker.
    uniqueIndex('contracts_live_pair_key').on(t.careSeekerId, t.workerId).where(sql`status in ('OFFERED', 'ACTIVE')`),
    index('contracts_care_seeker_idx').on(t.careSeekerId, t.offeredAt.desc()),
    index('contracts_worker_idx').on(t.workerId, t.offeredAt.desc()),
    index('contracts_job_idx').on(t.jobId),
    // The daily job ends active contracts whose end date has passed.
    index('contracts_active_end_idx').on(t.endDate).where(sql`status = 'ACTIVE'`),
    check('contracts_mmm_class_range', sql`${t.clientMmmClass} between 1 and 7`),
    check('contracts_cancellation_charge_range', sql`${t.cancellationChargePercent} between 0 and 100`),
  ],
);

/** A row under one contract: it goes when the contract does. */
export const contractIdColumn = () =>
  uuid('contract_id')
    .notNull()
    .references(() => contracts.id, { onDelete: 'cascade' });

/** An NDIS rate of a contract (spec section 3: id, amount, timeOfDay, lineItem, level) with the catalogue item it is claimed as. */
export const contractNdisRates = pgTable(
  'contract_ndis_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: contractIdColumn(),
    lineItem: text('line_item').$type<NdisLineItemCode>().notNull(),
    level: text('level').$type<SupportLevel>().notNull(),
    timeOfDay: text('time_of_day').$type<NdisTimeBand>().notNull(),
    supportItemNumber: text('support_item_number').notNull(),
    /** The catalogue edition the limit was checked against (the one in force on the start date). */
    edition: text('edition').notNull(),
    amountCents: integer('amount_cents').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [index('contract_ndis_rates_contract_idx').on(t.contractId), check('contract_ndis_rates_amount', sql`${t.amountCents} > 0`)],
);

/** A job's award (spec section 3 jobAward): the contract that filled it. */
export const jobAwards = pgTable('job_awards', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  contractId: contractIdColumn(),
  awardedAt: at('awarded_at').notNull().defaultNow(),
});

export const bookingRepeatEnum = pgEnum('booking_repeat', bookingRepeatCodes);
export const scheduleResponseStatusEnum = pgEnum('schedule_response_status', bookingResponseStatusCodes);
export const cancellationReasonEnum = pgEnum('cancellation_reason', cancellationReasonCodes);

/** A booking as it was made: the first shift's local times, the zone and the repeat. */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: contractIdColumn(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    timeZone: text('time_zone').notNull(),
    firstStartLocal: text('first_start_local').notNull(),
    firstEndLocal: text('first_end_local').notNull(),
    repeat: bookingRepeatEnum('repeat').notNull().default('NONE'),
    repeatUntil: date('repeat_until', { mode: 'string' }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('bookings_contract_idx').on(t.contractId)],
);

/**
 * One occurrence of a booking (the spec's jobScheduleId) with its own response status. The
 * worker and care seeker are copied from the contract so that each side's lists and the overlap
 * check read one table by index.
 */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    contractId: contractIdColumn(),
    workerId: userRef('worker_id').notNull(),
    careSeekerId: userRef('care_seeker_id').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    status: scheduleResponseStatusEnum('status').notNull().default('UNCONFIRMED'),
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
    cancelledAt: at('cancelled_at'),
    cancelledByUserId: uuid('cancelled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Which side cancelled: CARE_SEEKER or WORKER. */
    cancelledBySide: text('cancelled_by_side').$type<'CARE_SEEKER' | 'WORKER'>(),
    cancellationReason: text('cancellation_reason'),
    cancellationReasonCode: cancellationReasonEnum('cancellation_reason_code'),
    noShow: boolean('no_show').notNull().default(false),
    /** Less than 7 clear days' notice in the state's zone, or a no-show: chargeable under the contract's policy. */
    shortNotice: boolean('short_notice').notNull().default(false),
    reminderSentAt: at('reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Overlap check and the worker's calendar: live shifts by start.
    index('shifts_worker_live_idx').on(t.workerId, t.startsAt).where(sql`status <> 'CANCELLED'`),
    index('shifts_worker_starts_idx').on(t.workerId, t.startsAt),
    index('shifts_care_seeker_starts_idx').on(t.careSeekerId, t.startsAt),
    // Each side's lists by status, latest move first.
    index('shifts_worker_status_idx').on(t.workerId, t.status, t.statusChangedAt.desc()),
    index('shifts_care_seeker_status_idx').on(t.careSeekerId, t.status, t.statusChangedAt.desc()),
    index('shifts_booking_idx').on(t.bookingId, t.startsAt),
    index('shifts_contract_idx').on(t.contractId, t.startsAt),
    // The reminder job: confirmed shifts not yet reminded, by start.
    index('shifts_reminder_due_idx').on(t.startsAt).where(sql`status = 'CONFIRMED' and reminder_sent_at is null`),
    check('shifts_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** A private calendar feed (iCalendar) per user at a secret URL; only the token's SHA-256 is kept, with the token encrypted so the user can see the URL again. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenCiphertext: text('token_ciphertext').notNull(),
  createdAt: createdAt(),
});
