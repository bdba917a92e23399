/**
 * Roles (spec section 6). The anonymous visitor has no role.
 * ENGAGEADMIN administers providers on the separate partner platform.
 */
export const roles = ['CS', 'CR', 'SUPPORT', 'ADMIN', 'ENGAGEADMIN'] as const;
export type Role = (typeof roles)[number];

export const roleLabels: Record<Role, string> = {
  CS: 'Care seeker',
  CR: 'Care worker',
  SUPPORT: 'Support coordinator',
  ADMIN: 'Administrator',
  ENGAGEADMIN: 'Provider administrator',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
