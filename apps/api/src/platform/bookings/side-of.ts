import type { RequestAuth } from '../auth/authenticate';
import type { Side } from './shifts-repository';

/** Which side of shifts and shift notes the person asking reads: a worker's (CR), anyone else's as the care seeker's (CS). */
export function sideOf(auth: RequestAuth): Side {
  return { role: auth.user.role === 'CR' ? 'CR' : 'CS', userId: auth.user.id };
}
