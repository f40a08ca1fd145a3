/** Who may ask for a forecast (spec 2 §3, §7): an administrator, or the members of the company selling the lot. */
import type { AuthContext } from '../auth/guards/routeGuards.ts';

export function canForecast(auth: AuthContext, lot: { companyId: number }): boolean {
  return auth.user.role === 'admin' || auth.memberships.some((m) => m.company.id === lot.companyId);
}
