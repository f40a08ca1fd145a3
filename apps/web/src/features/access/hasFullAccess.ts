import type { User } from '@etp/contracts';

/**
 * Full access (spec 3 §1): the user's company is in good standing (accredited). Administrators always have it,
 * as the server treats them.
 */
export function hasFullAccess(user: Pick<User, 'role' | 'company_good_standing'> | null): boolean {
  return user !== null && (user.role === 'admin' || user.company_good_standing);
}
