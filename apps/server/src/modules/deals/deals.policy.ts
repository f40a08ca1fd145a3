/**
 * Who sees and acts on a deal (decisions/0261): the members of its buying and selling companies and
 * administrators; anyone else is told it does not exist. The rules of each step are the domain's applyDealAction.
 */
import type { DealRole } from '@etp/contracts';
import {
  DEAL_REFUSAL_HTTP_STATUS,
  DEFAULT_DEAL_DEADLINES,
  type DealActor,
  type DealDeadlineSettings,
  type DealRefusal,
  validateDealDeadlineSettings,
} from '@etp/domain';
import { AppError } from '../../http/errors.ts';

interface Viewer {
  isAdmin: boolean;
  /** The companies the user is a member of, the acting one first. */
  companyIds: readonly number[];
}

interface Parties {
  buyerCompanyId: number;
  sellerCompanyId: number;
}

/** The caller's side in the deal, or null: a stranger to it (who gets 404). Buyer wins over seller. */
export function dealRoleOf(viewer: Viewer, deal: Parties): DealRole | null {
  if (viewer.companyIds.includes(deal.buyerCompanyId)) return 'buyer';
  if (viewer.companyIds.includes(deal.sellerCompanyId)) return 'seller';
  return viewer.isAdmin ? 'admin' : null;
}

/** The domain's actor for a role: a member acts for its side's company. */
export function dealActorOf(role: DealRole, deal: Parties): DealActor {
  if (role === 'admin') return { kind: 'admin' };
  return { kind: 'member', company_id: role === 'buyer' ? deal.buyerCompanyId : deal.sellerCompanyId };
}

/** A refusal of the rules as the API's error: 403 wrong party, 409 order or deadline, 422 input, 503 calendar. */
export function refusalError(refusal: DealRefusal): AppError {
  const status = DEAL_REFUSAL_HTTP_STATUS[refusal.code];
  const code =
    status === 403
      ? 'forbidden'
      : status === 409
        ? 'conflict'
        : status === 422
          ? 'validation_failed'
          : 'unavailable';
  return new AppError(status, code, refusal.reason, status === 422 ? { reason: [refusal.reason] } : {});
}

/** The procedure's deadlines: what the seller set in step 3, the domain's defaults where it set nothing. */
export function dealDeadlinesOf(procedure: {
  dealSignWorkingDays: number | null;
  dealPayWorkingDays: number | null;
  dealSecondOfferWorkingDays: number | null;
}): DealDeadlineSettings {
  return {
    sign_working_days: procedure.dealSignWorkingDays ?? DEFAULT_DEAL_DEADLINES.sign_working_days,
    pay_working_days: procedure.dealPayWorkingDays ?? DEFAULT_DEAL_DEADLINES.pay_working_days,
    second_offer_working_days:
      procedure.dealSecondOfferWorkingDays ?? DEFAULT_DEAL_DEADLINES.second_offer_working_days,
  };
}

type DeadlineFields = 'sign_working_days' | 'pay_working_days' | 'second_offer_working_days';

/** The wizard's errors for the deadline fields sent with a value (null clears to the default), by field. */
export function dealDeadlineErrors(
  body: Partial<Record<DeadlineFields, number | null>>,
): Record<string, string[]> {
  const sent = (['sign_working_days', 'pay_working_days', 'second_offer_working_days'] as const).filter(
    (field) => body[field] !== undefined && body[field] !== null,
  );
  const errors = validateDealDeadlineSettings(body);
  return Object.fromEntries(sent.filter((f) => errors[f]).map((f) => [f, [errors[f]!]]));
}
