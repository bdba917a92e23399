import { uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** A column naming a person whose rows go with their account: deleting the user deletes the row. */
export const userRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'cascade' });

/** A column naming a person on a record that must outlive the account (money, claims): the user cannot be deleted while it points at them. */
export const keptUserRef = (name: string) => uuid(name).references(() => users.id, { onDelete: 'restrict' });
