import { fullName } from '@tendly/domain/format';
import type { AliasSessionResponse, CoordinatorClient, MessageResponse } from '@tendly/domain/api/auth';
import { accountMessages } from '@tendly/domain/api/auth';
import { canActAsClient } from '@tendly/domain/permissions';
import { recordAudit } from '../../platform/audit/audit-log';
import type { RequestAuth } from '../../platform/auth/authenticate';
import {
  createAliasSession,
  lockSession,
  MAX_OPEN_ALIAS_SESSIONS,
  revokeOldestAliases,
  revokeSession,
} from '../../platform/auth/session-repository';
import type { Db } from '../../platform/db/client';
import { conflict, forbidden } from '../../platform/errors';
import { findClientLink, listLinkedClients } from './coordinator-clients';

export interface AliasContext {
  db: Db;
}

/** GET /support-coordinator/clients. */
export function listMyClients(ctx: AliasContext, auth: RequestAuth): Promise<CoordinatorClient[]> {
  return listLinkedClients(ctx.db, auth.user.id);
}

/**
 * POST /support-coordinator/clients/{clientId}/alias: the coordinator starts acting as a linked
 * client (spec sections 3, 4 and 6). The alias token lasts 8 hours at most and never outlives the
 * coordinator's own session; everything done with it is recorded as done by the coordinator. At
 * most 5 are open from one sign-in: a sixth ends the oldest (MAX_OPEN_ALIAS_SESSIONS).
 */
export async function startAlias(
  ctx: AliasContext,
  auth: RequestAuth,
  clientId: string,
  origin: { ip: string; userAgent?: string | undefined },
): Promise<AliasSessionResponse> {
  const { linkStatus, client } = await findClientLink(ctx.db, auth.user.id, clientId);
  const isAllowed = canActAsClient({
    actorRole: auth.user.role,
    isAlreadyActingForSomeone: auth.actor !== null,
    linkStatus,
    isClientActive: client?.status === 'ACTIVE',
  });
  if (!isAllowed || !client) throw forbidden(accountMessages.clientNotLinked);

  const now = new Date();
  const { token } = await ctx.db.transaction(async (tx) => {
    // Two starts at once from one sign-in must not both count five open before them.
    await lockSession(tx, auth.session.id);
    const alias = await createAliasSession(
      tx,
      { coordinatorId: auth.user.id, clientId: client.id, parent: { id: auth.session.id, expiresAt: auth.session.expiresAt } },
      origin,
      now,
    );
    const endedAliasSessionIds = await revokeOldestAliases(tx, auth.session.id, MAX_OPEN_ALIAS_SESSIONS, now);
    await recordAudit(tx, {
      actorUserId: auth.user.id,
      subjectUserId: client.id,
      action: 'alias.started',
      detail: { aliasSessionId: alias.sessionId, ...(endedAliasSessionIds.length > 0 ? { endedAliasSessionIds } : {}) },
      ip: origin.ip,
    });
    return alias;
  });
  return {
    aliasToken: token,
    name: fullName(client),
    firstName: client.firstName,
    id: client.id,
    email: client.email,
    role: client.role,
  };
}

/** DELETE /alias: ends the alias session the request carries; the coordinator stays signed in. */
export async function endAlias(ctx: AliasContext, auth: RequestAuth, origin: { ip: string }): Promise<MessageResponse> {
  if (auth.session.kind !== 'ALIAS' || !auth.actor) throw conflict('You are not acting for a client.');
  const actor = auth.actor;
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, auth.session.id, new Date());
    await recordAudit(tx, {
      actorUserId: actor.id,
      subjectUserId: auth.user.id,
      action: 'alias.ended',
      detail: { aliasSessionId: auth.session.id },
      ip: origin.ip,
    });
  });
  return { message: accountMessages.aliasEnded };
}
