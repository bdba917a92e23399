import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps are always timestamptz: shifts are read in the state's time zone (ARCHITECTURE.md). */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was inserted. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** When the row last changed: set on insert, and by drizzle on every update it makes. */
export const updatedAt = () =>
  at('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
