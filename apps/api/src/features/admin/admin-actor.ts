import { requireAuth } from '../../platform/auth/authenticate';
import type { AdminActor } from './admin-review-service';

/** The administrator asking, and from which address: who the audit log says did it. */
export function adminActorOf(request: Parameters<typeof requireAuth>[0]): AdminActor {
  return { userId: requireAuth(request).user.id, ip: request.ip };
}
