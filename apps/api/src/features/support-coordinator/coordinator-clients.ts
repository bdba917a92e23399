import { and, asc, eq } from 'drizzle-orm';
import type { CoordinatorClient } from '@tendly/domain/api/auth';
import type { UserStatus } from '@tendly/domain/profile-options';
import type { Role } from '@tendly/domain/roles';
import type { DbExecutor } from '../../platform/db/client';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';

/** SQL of a support coordinator's clients (spec section 2.7: My Clients). */

function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

/** The clients linked to a coordinator (ACTIVE links only; a PENDING request is not a link yet), by name. */
export async function listLinkedClients(db: DbExecutor, coordinatorId: string): Promise<CoordinatorClient[]> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      phone: users.phone,
      acceptedAt: supportCoordinatorLinks.acceptedAt,
      createdAt: supportCoordinatorLinks.createdAt,
    })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.clientId))
    .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinatorId), eq(supportCoordinatorLinks.status, 'ACTIVE')))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: fullName(row),
    email: row.email,
    role: row.role,
    phone: row.phone,
    linkedAt: (row.acceptedAt ?? row.createdAt).toISOString(),
  }));
}

export interface ClientLink {
  linkStatus: 'ACTIVE' | 'PENDING' | 'DECLINED' | 'REVOKED' | null;
  client: { id: string; firstName: string; lastName: string; email: string; role: Role; status: UserStatus } | null;
}

/** The client and the state of their link to the coordinator; both null parts when there is none. */
export async function findClientLink(db: DbExecutor, coordinatorId: string, clientId: string): Promise<ClientLink> {
  const [row] = await db
    .select({
      linkStatus: supportCoordinatorLinks.status,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      status: users.status,
    })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.clientId))
    .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinatorId), eq(supportCoordinatorLinks.clientId, clientId)))
    .limit(1);
  if (!row) return { linkStatus: null, client: null };
  const { linkStatus, ...client } = row;
  return { linkStatus, client };
}
