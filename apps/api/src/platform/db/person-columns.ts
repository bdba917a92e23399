/**
 * The columns that name a person and reach them by email, for a select over `users` (or an alias
 * of it): most lists that show people need these four.
 */
export function personColumns<T extends { id: unknown; firstName: unknown; lastName: unknown; email: unknown }>(
  table: T,
): Pick<T, 'id' | 'firstName' | 'lastName' | 'email'> {
  return { id: table.id, firstName: table.firstName, lastName: table.lastName, email: table.email };
}
