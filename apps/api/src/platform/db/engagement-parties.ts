import { alias } from 'drizzle-orm/pg-core';
import { users } from './schema/accounts';

/**
 * The two sides of an agreement, its shifts, hours and notes, as two aliases of `users`: a query
 * that names both people joins `users` twice, once under each name.
 */
export const careSeekers = alias(users, 'care_seeker');
export const workers = alias(users, 'worker');
