import { notFound } from '../errors';

/** Any id PostgreSQL can store as a uuid; anything else names no record (a 404, never a 500). One check for every feature. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/** The id in lower case, or a 404 with `message` when it is not a uuid: it names nothing, like an unknown one. */
export function uuidOr404(id: string, message: string): string {
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
}
