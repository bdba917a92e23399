import { sql } from 'drizzle-orm';
import {
  check,
  index,
  pgEnum,
  pgTable,
  text,
  integer,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { roles } from '@tendly/domain/roles';
import { userStatuses } from '@tendly/domain/profile-options';
import { at, createdAt, updatedAt } from './columns';
import { stateCode } from './reference';

/**
 * A code sent by email and typed back: only its hash is kept, wrong attempts are counted against
 * guessing, and it is used up (consumed) or voided by a newer one.
 */
export const emailedCodeColumns = () => ({
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  consumedAt: at('consumed_at'),
  voidedAt: at('voided_at'),
});

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
    emailVerifiedAt: at('email_verified_at'),
    passwordHash: text('password_hash').notNull(),
    /** Support coordinators name their organisation. */
    organisation: text('organisation'),
    streetAddress: text('street_address'),
    suburb: text('suburb'),
    state: stateCode('state'),
    postcode: text('postcode'),
    hearAboutUs: text('hear_about_us'),
    // Sign-up asks for four acceptances (spec section 5); each is recorded with its time.
    termsAcceptedAt: at('terms_accepted_at'),
    engagementTermsAcceptedAt: at('engagement_terms_accepted_at'),
    ndisCodeAcceptedAt: at('ndis_code_accepted_at'),
    agedCareCodeAcceptedAt: at('aged_care_code_accepted_at'),
    freshchatId: text('freshchat_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deactivatedAt: at('deactivated_at'),
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

/** A row that belongs to one person: it goes when their account does. */
export const userIdColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

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
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    kind: sessionKindEnum('kind').notNull().default('USER'),
    actingUserId: uuid('acting_user_id').references(() => users.id, { onDelete: 'cascade' }),
    parentSessionId: uuid('parent_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
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
    userId: userIdColumn(),
    ...emailedCodeColumns(),
  },
  (t) => [index('verification_codes_user_id_idx').on(t.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
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
    acceptedAt: at('accepted_at'),
    /** When the current request was sent: its emailed links name it, so a new request voids the old links (issue 16). */
    requestedAt: at('requested_at').notNull().defaultNow(),
    /** When the care seeker declined the request or revoked the link. */
    endedAt: at('ended_at'),
  },
  (t) => [
    unique('support_coordinator_links_pair_key').on(t.coordinatorId, t.clientId),
    index('support_coordinator_links_client_id_idx').on(t.clientId),
  ],
);
