/**
 * The administrator's decision on a company (docs/decisions/0032-company-and-accreditation.md). Approval puts
 * the company in good standing, which opens the restricted routes (the guards read good_standing); rejection
 * takes it away and keeps the reason. Either one tells every user of the company (an event) and is audited.
 */
import type { AppContext } from '../../appContext.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { EVENT_TEXTS } from '../events/events.messages.ts';
import { recordCompanyEvent } from '../events/events.service.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';
import { type CompanyRow, findCompanyForUpdate, updateCompanyRow } from './company.queries.ts';

export async function approveCompany(
  ctx: AppContext,
  admin: AuthContext,
  companyId: number,
  flags: { fssp?: boolean; need_attention?: boolean },
): Promise<CompanyRow> {
  return ctx.db.transaction(async (tx) => {
    const company = await findCompanyForUpdate(tx, companyId);
    if (!company) throw notFound(T.companyNotFound);
    if (company.accreditationStatus !== 'pending') throw conflict(T.notPending);
    const now = ctx.now();
    const row = await updateCompanyRow(tx, companyId, {
      accreditationStatus: 'approved',
      goodStanding: true,
      accreditedAt: now,
      accreditationNote: null,
      ...(flags.fssp === undefined ? {} : { fssp: flags.fssp }),
      ...(flags.need_attention === undefined ? {} : { needAttention: flags.need_attention }),
      updatedAt: now,
    });
    await recordCompanyEvent(tx, companyId, {
      kind: 'accreditation_approved',
      text: EVENT_TEXTS.accreditationApproved(row.name),
      at: now,
    });
    await appendAudit(tx, {
      briefcaseId: null,
      action: 'company_accreditation_approved',
      actorUserId: admin.user.id,
      payload: { company_id: companyId, fssp: row.fssp, need_attention: row.needAttention },
      at: now,
    });
    return row;
  });
}

/** Refuses a pending request, or withdraws an accreditation given before. */
export async function rejectCompany(
  ctx: AppContext,
  admin: AuthContext,
  companyId: number,
  reason: string,
): Promise<CompanyRow> {
  return ctx.db.transaction(async (tx) => {
    const company = await findCompanyForUpdate(tx, companyId);
    if (!company) throw notFound(T.companyNotFound);
    if (company.accreditationStatus !== 'pending' && company.accreditationStatus !== 'approved') {
      throw conflict(T.notAccredited);
    }
    const now = ctx.now();
    const row = await updateCompanyRow(tx, companyId, {
      accreditationStatus: 'rejected',
      goodStanding: false,
      accreditationNote: reason,
      updatedAt: now,
    });
    await recordCompanyEvent(tx, companyId, {
      kind: 'accreditation_rejected',
      text: EVENT_TEXTS.accreditationRejected(row.name, reason),
      payload: { reason },
      at: now,
    });
    await appendAudit(tx, {
      briefcaseId: null,
      action: 'company_accreditation_rejected',
      actorUserId: admin.user.id,
      payload: { company_id: companyId, reason, previous_status: company.accreditationStatus },
      at: now,
    });
    return row;
  });
}
