import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  integer,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { roles } from '@tendly/domain/roles';
import { userStatuses } from '@tendly/domain/profile-options';
import { stateCode } from './reference';

/** Timestamps are always timestamptz: shifts are read in the state's time zone (ARCHITECTURE.md). */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', roles);
export const userStatusEnum = pgEnum('user_status', userStatuses);
export const sessionKindEnum = pgEnum('session_kind', ['USER', 'ALIAS']);
export const coordinatorLinkStatusEnum = pgEnum('coordinator_link_status', ['ACTIVE', 'PENDING', 'DECLINED', 'REVOKED']);

/**
 * Two indexes live in the hand-written migration 0011 because drizzle cannot express an operator
 * class on an expression: the admin people search's trigram index on
 * `(lower(first_name || ' ' || last_name) || ' ' || email || ' ' || coalesce(phone, ''))`, and
 * `users_created_at_idx` (created_at desc, id desc) for the newest-first list.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index on lower(email) also guards rows written by hand. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    role: roleEnum('role').notNull(),
    status: userStatusEnum('status').notNull().default('ACTIVE'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash').notNull(),
    /** Support coordinators name their organisation. */
    organisation: text('organisation'),
    streetAddress: text('street_address'),
    suburb: text('suburb'),
    state: stateCode('state'),
    postcode: text('postcode'),
    hearAboutUs: text('hear_about_us'),
    // Sign-up asks for four acceptances (spec section 5); each is recorded with its time.
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    engagementTermsAcceptedAt: timestamp('engagement_terms_accepted_at', { withTimezone: true }),
    ndisCodeAcceptedAt: timestamp('ndis_code_accepted_at', { withTimezone: true }),
    agedCareCodeAcceptedAt: timestamp('aged_care_code_accepted_at', { withTimezone: true }),
    freshchatId: text('freshchat_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivatedReason: text('deactivated_reason'),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // Public lists (search) leave out deactivated accounts: a tiny index, so that is cheap.
    index('users_deactivated_idx').on(t.id).where(sql`${t.status} = 'DEACTIVATED'`),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * A signed-in session. Only the SHA-256 (hex) of the 32-byte token is stored.
 * An ALIAS session is a support coordinator acting as a linked client: user_id is the
 * coordinator (who acted is always recorded), acting_user_id the client, and it hangs off
 * the coordinator's own session so that signing out ends both.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: sessionKindEnum('kind').notNull().default('USER'),
    actingUserId: uuid('acting_user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_parent_session_id_idx').on(t.parentSessionId),
    check(
      'sessions_alias_shape',
      sql`(${t.kind} = 'USER' and ${t.actingUserId} is null and ${t.parentSessionId} is null)
        or (${t.kind} = 'ALIAS' and ${t.actingUserId} is not null and ${t.parentSessionId} is not null)`,
    ),
  ],
);

/** Email verification codes; a new code voids the older ones, and attempts are counted against guessing. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** A coordinator's request to link is PENDING until the care seeker accepts it (workflows.md). */
export const supportCoordinatorLinks = pgTable(
  'support_coordinator_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coordinatorId: uuid('coordinator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: coordinatorLinkStatusEnum('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** When the current request was sent: its emailed links name it, so a new request voids the old links (issue 16). */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the care seeker declined the request or revoked the link. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    unique('support_coordinator_links_pair_key').on(t.coordinatorId, t.clientId),
    index('support_coordinator_links_client_id_idx').on(t.clientId),
  ],
);
