/** Any id PostgreSQL can store as a uuid; anything else names no record (a 404, never a 500). One check for every feature. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}
