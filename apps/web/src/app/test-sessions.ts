import type { Role } from '@tendly/domain/roles';
import type { SessionUser } from '../platform/session';

/** A signed-in user for tests. */
export function testUser(role: Role, overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `user-${role.toLowerCase()}`,
    firstName: 'Alex',
    lastName: 'Nguyen',
    name: 'Alex Nguyen',
    email: `alex.${role.toLowerCase()}@example.com`,
    role,
    authToken: `token-${role.toLowerCase()}`,
    ...overrides,
  };
}
