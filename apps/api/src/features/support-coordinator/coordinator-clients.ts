import { and, asc, eq, inArray } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import type { CoordinatorClient, LinkedCoordinatorClient, PendingCoordinatorClient } from '@tendly/domain/api/auth';
import type { UserStatus } from '@tendly/domain/profile-options';
import type { Role } from '@tendly/domain/roles';
import type { DbExecutor } from '../../platform/db/client';
import { supportCoordinatorLinks, users } from '../../platform/db/schema/accounts';
import { figuresOfClients, noFigures } from './coordinator-client-figures';
import { personColumns } from '../../platform/db/person-columns';

/** SQL of a support coordinator's clients (spec section 2.7: My Clients). */

/**
 * The coordinator's clients for the dashboard (spec section 2.7: My Clients; issue 16): the ACTIVE
 * links by name with each client's figures, then the requests still PENDING, newest first. A
 * pending request shows only the address the coordinator typed: the account's name and figures
 * are the care seeker's to share by accepting.
 */
export async function listLinkedClients(db: DbExecutor, coordinatorId: string, now = new Date()): Promise<CoordinatorClient[]> {
  const rows = await db
    .select({
      linkId: supportCoordinatorLinks.id,
      linkStatus: supportCoordinatorLinks.status,
      ...personColumns(users),
      role: users.role,
      phone: users.phone,
      acceptedAt: supportCoordinatorLinks.acceptedAt,
      createdAt: supportCoordinatorLinks.createdAt,
      requestedAt: supportCoordinatorLinks.requestedAt,
    })
    .from(supportCoordinatorLinks)
    .innerJoin(users, eq(users.id, supportCoordinatorLinks.clientId))
    .where(and(eq(supportCoordinatorLinks.coordinatorId, coordinatorId), inArray(supportCoordinatorLinks.status, ['ACTIVE', 'PENDING'])))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
  const linked = rows.filter((row) => row.linkStatus === 'ACTIVE');
  const figures = await figuresOfClients(db, linked.map((row) => row.id), now);
  const pending: PendingCoordinatorClient[] = rows
    .filter((row) => row.linkStatus === 'PENDING')
    .sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())
    .map((row) => ({ linkStatus: 'PENDING', linkId: row.linkId, email: row.email, requestedAt: row.requestedAt.toISOString() }));
  return [
    ...linked.map((row): LinkedCoordinatorClient => ({
      linkStatus: 'ACTIVE',
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      name: fullName(row),
      email: row.email,
      role: row.role,
      phone: row.phone,
      linkedAt: (row.acceptedAt ?? row.createdAt).toISOString(),
      figures: figures.get(row.id) ?? noFigures(),
    })),
    ...pending,
  ];
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
      ...personColumns(users),
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
