import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { MeetAndGreetMode, MeetAndGreetOption, MeetAndGreetStatus } from '@tendly/domain/api/meet-and-greets';
import { at, createdAt, updatedAt } from './columns';
import { users } from './accounts';
import { stateCode } from './reference';
import { userRef } from './user-refs';

/**
 * Meet and greets (issue 31 item 11): a free, short meeting a care seeker asks a worker for before
 * any agreement. Kept apart from shifts on purpose: nothing that bills (hours, job reports,
 * invoices) ever reads this table. `options` holds the 1 to 3 suggested times as local date-times
 * in `time_zone`; `starts_at`/`ends_at` are set from the accepted one, for clash checks and calendars.
 */
export const meetAndGreets = pgTable(
  'meet_and_greets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careSeekerId: userRef('care_seeker_id').notNull(),
    workerId: userRef('worker_id').notNull(),
    /** Who pressed the button: the care seeker, or their support coordinator in an alias session. */
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    state: stateCode('state').notNull(),
    timeZone: text('time_zone').notNull(),
    mode: text('mode').$type<MeetAndGreetMode>().notNull(),
    suburb: text('suburb').notNull().default(''),
    note: text('note').notNull().default(''),
    options: jsonb('options').$type<MeetAndGreetOption[]>().notNull(),
    status: text('status').$type<MeetAndGreetStatus>().notNull().default('REQUESTED'),
    chosenOption: smallint('chosen_option'),
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    responseNote: text('response_note').notNull().default(''),
    respondedAt: at('responded_at'),
    cancelledAt: at('cancelled_at'),
    cancelledBySide: text('cancelled_by_side').$type<'CARE_SEEKER' | 'WORKER'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meet_and_greets_worker_idx').on(t.workerId, t.createdAt.desc()),
    index('meet_and_greets_care_seeker_idx').on(t.careSeekerId, t.createdAt.desc()),
    // Clash checks: a worker's accepted meetings by start.
    index('meet_and_greets_worker_accepted_idx').on(t.workerId, t.startsAt).where(sql`status = 'ACCEPTED'`),
    check('meet_and_greets_status_check', sql`${t.status} in ('REQUESTED', 'ACCEPTED', 'DECLINED', 'CANCELLED')`),
    check('meet_and_greets_mode_check', sql`${t.mode} in ('IN_PERSON', 'VIDEO_CALL', 'PHONE_CALL')`),
    check('meet_and_greets_accepted_has_time', sql`${t.status} <> 'ACCEPTED' or (${t.startsAt} is not null and ${t.endsAt} > ${t.startsAt})`),
  ],
);
