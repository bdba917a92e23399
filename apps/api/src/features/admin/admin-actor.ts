import { recordAudit } from '../../platform/audit/audit-log';
import { requireAuth } from '../../platform/auth/authenticate';
import type { DbExecutor } from '../../platform/db/client';

/** The administrator who acts, and from which address: who the audit log says did it. */
export interface AdminActor {
  userId: string;
  ip: string;
}

export function adminActorOf(request: Parameters<typeof requireAuth>[0]): AdminActor {
  return { userId: requireAuth(request).user.id, ip: request.ip };
}

/**
 * Records in the audit log what an administrator did to one person's account (`user`) or worker
 * profile (`worker_profile`): the person is both whose record it was and what it concerned. Pass
 * the transaction of the change, so the entry is kept only if the change is.
 */
export function recordAdminAction(
  tx: DbExecutor,
  actor: AdminActor,
  change: { action: string; targetType: 'user' | 'worker_profile'; personId: string; detail: Record<string, unknown> },
): Promise<void> {
  return recordAudit(tx, {
    actorUserId: actor.userId,
    subjectUserId: change.personId,
    action: change.action,
    targetType: change.targetType,
    targetId: change.personId,
    detail: change.detail,
    ip: actor.ip,
  });
}
