/** Who may manage a company's employees (spec 3 §6): its owner, shown as the company's administrator. */
import { AppError, forbidden } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import type { CompanyRow } from '../user/user.queries.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';

function canManageEmployees(auth: AuthContext): boolean {
  return auth.company !== null && auth.owner;
}

/** The current company of its owner; 404 without a company, 403 for a collaborator. */
export function ownedCompanyOf(auth: AuthContext): CompanyRow {
  if (!auth.company) throw new AppError(404, 'not_found', T.noCompany);
  if (!canManageEmployees(auth)) throw forbidden(T.ownerOnly);
  return auth.company;
}
