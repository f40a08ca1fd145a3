import type { User } from '@etp/contracts';
import { mayCreateProcedures } from '@etp/domain';

/**
 * Full access (spec 3 §1): the user's company is in good standing (accredited). Administrators always have it,
 * as the server treats them.
 */
export function hasFullAccess(user: Pick<User, 'role' | 'company_good_standing'> | null): boolean {
  return user !== null && (user.role === 'admin' || user.company_good_standing);
}

/** Creating procedures (decision 0068): an administrator, or a user of an accredited seller company. */
export function maySell(
  user: Pick<User, 'role' | 'company_good_standing' | 'company_seller'> | null,
): boolean {
  return (
    user !== null &&
    mayCreateProcedures({
      admin: user.role === 'admin',
      goodStanding: user.company_good_standing,
      seller: user.company_seller,
    })
  );
}
