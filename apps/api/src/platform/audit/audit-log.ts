import type { DbExecutor } from '../db/client';
import { auditEvents } from '../db/schema/platform';

export interface AuditEvent {
  /**
   * Who did it. For a support coordinator acting for a client through an alias session, the
   * coordinator, never the client (issue 3). Null for the system or an anonymous visitor.
   */
  actorUserId: string | null;
  /** Whose account or data it concerned. */
  subjectUserId: string | null;
  /** What happened, as `noun.verb`: `user.signed_in`, `password.reset`, ... */
  action: string;
  /** Facts worth keeping; never passwords, tokens or codes. */
  detail?: Record<string, unknown>;
  ip?: string;
  /** What the event concerned when that is not (only) an account: `worker_document`, `form_submission`, ... */
  targetType?: string;
  targetId?: string;
}

/** Records an audit event; pass the caller's transaction so it is kept only if the change is. */
export async function recordAudit(db: DbExecutor, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    subjectUserId: event.subjectUserId,
    action: event.action,
    detail: event.detail ?? {},
    ip: event.ip ?? null,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
  });
}
