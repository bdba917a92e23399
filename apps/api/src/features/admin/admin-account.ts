import type { PersonDetail } from '@tendly/domain/api/admin';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** A person's account as an administrator sees it, on the people and the worker review pages alike. */
export function adminAccountOf(user: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  role: PersonDetail['account']['role'];
  status: PersonDetail['account']['status'];
  emailVerifiedAt: Date | null;
  createdAt: Date;
  deactivatedAt: Date | null;
  deactivatedReason: string | null;
}): PersonDetail['account'] {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    status: user.status,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    createdAt: user.createdAt.toISOString(),
    deactivatedAt: iso(user.deactivatedAt),
    deactivatedReason: user.deactivatedReason,
  };
}
