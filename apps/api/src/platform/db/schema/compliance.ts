import { index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { ComplianceSectionKey } from '@tendly/domain/compliance-details';
import { at } from './columns';
import { users } from './accounts';

/**
 * A care seeker's compliance details (issue 16): every save of a section is a new version, so the
 * history is kept and the newest version is the section's current content. `saved_by_user_id` is
 * the person really saving (a coordinator acting for the client is named, not the client).
 */
export const complianceSectionVersions = pgTable(
  'compliance_section_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    careSeekerId: uuid('care_seeker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    section: text('section').$type<ComplianceSectionKey>().notNull(),
    version: integer('version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    savedByUserId: uuid('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    savedAt: at('saved_at').notNull().defaultNow(),
  },
  (table) => [
    unique('compliance_section_versions_unique').on(table.careSeekerId, table.section, table.version),
    index('compliance_section_versions_seeker_idx').on(table.careSeekerId, table.section),
  ],
);
