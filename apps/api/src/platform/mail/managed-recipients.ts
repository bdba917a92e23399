import { and, eq } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import { hasNoMailbox } from '@tendly/domain/contact-email';
import type { DbExecutor } from '../db/client';
import { supportCoordinatorLinks, users } from '../db/schema/accounts';

/**
 * A client a support coordinator adds without an email address (issue 16) still needs a unique
 * `users.email`: it gets an address under `managed.invalid`, a domain that can never receive mail
 * (RFC 2606). Email the product writes to such a client goes to the coordinators who manage them.
 */
const MANAGED_DOMAIN = 'managed.invalid';
const MANAGED_ADDRESS = /^client-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@managed\.invalid$/i;

export function managedClientAddress(userId: string): string {
  return `client-${userId.toLowerCase()}@${MANAGED_DOMAIN}`;
}

/** The client's id when the address is a managed client's stand-in, otherwise null. */
export function managedClientIdOf(address: string): string | null {
  return MANAGED_ADDRESS.exec(address.trim())?.[1]?.toLowerCase() ?? null;
}


export interface ManagedRecipients {
  clientName: string;
  coordinatorEmails: string[];
}

/** The client's name and the email of each coordinator with an ACTIVE link to them (none: an empty list). */
export async function managedRecipientsOf(db: DbExecutor, clientId: string): Promise<ManagedRecipients | null> {
  const [client] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, clientId));
  if (!client) return null;
  const coordinators = await db
    .select({ email: users.email })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.coordinatorId))
    .where(and(eq(supportCoordinatorLinks.clientId, clientId), eq(supportCoordinatorLinks.status, 'ACTIVE'), eq(users.status, 'ACTIVE')))
    .orderBy(users.email);
  return {
    clientName: fullName(client),
    coordinatorEmails: coordinators.map((row) => row.email).filter((email) => !hasNoMailbox(email)),
  };
}
