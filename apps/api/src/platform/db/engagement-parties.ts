import { alias } from 'drizzle-orm/pg-core';
import { personColumns } from './person-columns';
import { users } from './schema/accounts';

/**
 * The two sides of an agreement, its shifts, hours and notes, as two aliases of `users`: a query
 * that names both people joins `users` twice, once under each name.
 */
export const careSeekers = alias(users, 'care_seeker');
export const workers = alias(users, 'worker');

/**
 * Both people of a query that joins `careSeekers` and `workers`, each by name and email: the
 * columns every agreement, shift and hours row carries for its two sides.
 */
export const partyColumns = { careSeeker: personColumns(careSeekers), worker: personColumns(workers) };
