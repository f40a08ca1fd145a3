/**
 * The deal of a won lot on the server (decisions/0258, 0261): opened with the winner's choice, each step decided by
 * the domain's applyDealAction on the row locked with SELECT … FOR UPDATE, at the server's time, written with its
 * audit entry and event in one transaction, announced live after commit.
 */
import type { DealList, DealView, dealsQuery } from '@etp/contracts';
import { applyDealAction, type DealAction, type DealSigningMethod, dealPartyOf, openDeal } from '@etp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import type { Tx } from '../../db/client.ts';
import type { DealRow } from '../../db/schema/index.ts';
import { AppError, conflict, notFound, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import { sendSmsCode, verifySmsCode } from '../auth/codes.service.ts';
import { accountDeps } from '../auth/deps/accountDeps.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { formatOf, newFileKey, withStoredFiles } from '../files/files.service.ts';
import { AGREEMENT_TEXTS } from './agreement/agreement.messages.ts';
import { ensureAgreement, type WarnLog } from './agreement/agreement.service.ts';
import { publishDealChanges } from './deals.live.ts';
import { DEAL_TEXTS as T } from './deals.messages.ts';
import { dealActorOf, dealDeadlinesOf, dealRoleOf, refusalError } from './deals.policy.ts';
import { presentDeal } from './deals.presenter.ts';
import {
  findDeal,
  findDealFacts,
  findDealProcedure,
  findDealsOfLot,
  findDealsPage,
  findSecondBestBid,
  insertDeal,
  lockDeal,
  updateDeal,
} from './deals.queries.ts';
import { columnsOf, toDeal } from './lifecycle/dealState.ts';
import { handOverRegistry } from './lifecycle/handover.ts';
import { recordDealEvent } from './lifecycle/notify.ts';

/** What a signature confirms: the agreement's text hash it was given for, and the scan when signed by one. */
interface Signing {
  sha256: string | null;
  scanKey?: string;
}

export const viewerOf = (auth: AuthContext) => ({
  isAdmin: auth.user.role === 'admin',
  companyIds: [
    ...new Set([...(auth.company ? [auth.company.id] : []), ...auth.memberships.map((m) => m.company.id)]),
  ],
});

async function present(ctx: AppContext, auth: AuthContext, row: DealRow): Promise<DealView> {
  const role = dealRoleOf(viewerOf(auth), row)!;
  return presentDeal(row, await findDealFacts(ctx.db, [row]), role, ctx.now());
}

/**
 * Opens the winner's deal in the winner choice's transaction; a convert first round chooses a start price, not a
 * buyer, and opens none. The clock starts now, in the procedure's working days.
 */
export async function openWinnerDeal(
  tx: Tx,
  lot: { id: number; briefcaseId: number },
  winner: { companyId: number; amount: number },
  actorUserId: number,
  at: Date,
): Promise<DealRow | null> {
  const procedure = await findDealProcedure(tx, lot.briefcaseId);
  if (!procedure || procedure.endMode === 'convert') return null;
  const opened = openDeal(
    {
      seller_company_id: procedure.companyId,
      buyer_company_id: winner.companyId,
      price_kopecks: winner.amount,
      deadlines: dealDeadlinesOf(procedure),
    },
    at.getTime(),
  );
  if (!opened.ok) throw refusalError(opened);
  const row = await insertDeal(tx, {
    ...columnsOf(opened.deal, at),
    lotId: lot.id,
    briefcaseId: lot.briefcaseId,
    createdAt: at,
  });
  await appendAudit(tx, {
    briefcaseId: lot.briefcaseId,
    action: 'deal_opened',
    actorUserId,
    payload: dealAuditOf(row, { to: row.state, events: opened.events }),
    at,
  });
  return row;
}

function dealAuditOf(row: DealRow, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    dealId: row.id,
    lotId: row.lotId,
    attempt: row.attempt,
    buyerCompanyId: row.buyerCompanyId,
    priceKopecks: row.priceKopecks,
    ...extra,
  };
}

/** A deal step by the caller: decided and written under the deal's row lock. */
async function step(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  action: DealAction,
  secondBest = false,
  signing?: Signing,
): Promise<{ row: DealRow; opened: DealRow | null }> {
  const at = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const locked = await lockDeal(tx, id);
    const role = locked && dealRoleOf(viewerOf(auth), locked);
    if (!locked || !role) throw notFound(T.notFound);
    const actor = dealActorOf(role, locked);
    const deal = toDeal(locked);
    let chosen = action;
    if (secondBest) {
      const bid = await findSecondBestBid(tx, locked.lotId, [locked.buyerCompanyId, locked.sellerCompanyId]);
      if (!bid) {
        // The rules' refusals come first (wrong party, wrong state); only an allowed offer lacks a bidder.
        const probe = applyDealAction(
          deal,
          { type: 'offer_to_second', buyer_company_id: 0, price_kopecks: 1 },
          actor,
          at.getTime(),
        );
        throw probe.ok ? conflict(T.noSecondBidder) : refusalError(probe);
      }
      chosen = { type: 'offer_to_second', buyer_company_id: bid.companyId, price_kopecks: bid.amount };
    }
    const applied = applyDealAction(deal, chosen, actor, at.getTime());
    if (!applied.ok) throw refusalError(applied);
    const patch = columnsOf(applied.deal, at);
    if (chosen.type === 'sign') {
      // The signature confirms the agreement's text as it was when the code was sent or the scan made.
      if (signing && locked.agreementSha256 !== signing.sha256)
        throw conflict(AGREEMENT_TEXTS.agreementChanged);
      if (role === 'buyer') patch.buyerSignedBy = auth.user.id;
      else patch.sellerSignedBy = auth.user.id;
      if (signing?.scanKey) patch[role === 'buyer' ? 'buyerScanKey' : 'sellerScanKey'] = signing.scanKey;
    }
    let row = await updateDeal(tx, id, patch);
    const party = dealPartyOf(deal, actor);
    await appendAudit(tx, {
      briefcaseId: row.briefcaseId,
      action: `deal_${chosen.type}`,
      actorUserId: auth.user.id,
      payload: dealAuditOf(row, {
        from: locked.state,
        to: row.state,
        by: party,
        events: applied.events,
        ...(chosen.type === 'sign' ? { agreementSha256: locked.agreementSha256 } : {}),
      }),
      at,
    });
    if (row.state !== locked.state) await recordDealEvent(tx, row, party, chosen.type, at);
    // A confirmed payment hands the registry over in this transaction (decisions/0264).
    row = await handOverRegistry(tx, row, at);
    let opened: DealRow | null = null;
    if (applied.opened) {
      opened = await insertDeal(tx, {
        ...columnsOf(applied.opened, at),
        lotId: row.lotId,
        briefcaseId: row.briefcaseId,
        createdAt: at,
      });
      await appendAudit(tx, {
        briefcaseId: row.briefcaseId,
        action: 'deal_opened',
        actorUserId: auth.user.id,
        payload: dealAuditOf(opened, { to: opened.state, fromDealId: row.id }),
        at,
      });
      await recordDealEvent(tx, opened, 'seller', 'offer_to_second', at);
    }
    return { row, opened };
  });
  await publishDealChanges(ctx, result.opened ? [result.row, result.opened] : [result.row]);
  return result;
}

/** One of the plain steps: mark_paid, confirm_payment, cancel, accept_offer, decline_offer. */
export async function actOnDeal(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  action: DealAction,
): Promise<DealView> {
  return present(ctx, auth, (await step(ctx, auth, id, action)).row);
}

/** offer_to_second: the new deal of the second-best bidder (the best live bid of a third company). */
export async function offerToSecond(ctx: AppContext, auth: AuthContext, id: number): Promise<DealView> {
  const { row, opened } = await step(
    ctx,
    auth,
    id,
    { type: 'offer_to_second', buyer_company_id: 0, price_kopecks: 1 },
    true,
  );
  return present(ctx, auth, opened ?? row);
}

/**
 * The deal as the caller may see it before a signature that costs an SMS or a stored scan: the rules' refusals
 * come first; then the agreement the signature confirms is made (or the stored one taken).
 */
async function checkSignable(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  method: DealSigningMethod,
  log?: WarnLog,
): Promise<DealRow> {
  const row = await findDeal(ctx.db, id);
  const role = row && dealRoleOf(viewerOf(auth), row);
  if (!row || !role) throw notFound(T.notFound);
  const probe = applyDealAction(
    toDeal(row),
    { type: 'sign', method },
    dealActorOf(role, row),
    ctx.now().getTime(),
  );
  if (!probe.ok) throw refusalError(probe);
  if (method === 'sms' && (!auth.user.phone || !auth.user.confirmedPhone))
    throw new AppError(422, 'validation_failed', T.noPhone);
  return ensureAgreement(ctx, row, log);
}

/** The code's bind: the deal and the agreement's text hash, so the code signs that text of that deal. */
const bindOf = (row: DealRow) => `deal:${row.id}:${row.agreementSha256}`;

/** POST /deals/:id/sign_code: the code that signs this deal for the caller's side, to the caller's phone. */
export async function sendDealSignCode(ctx: AppContext, auth: AuthContext, id: number, log?: WarnLog) {
  const row = await checkSignable(ctx, auth, id, 'sms', log);
  return sendSmsCode(accountDeps(ctx), {
    purpose: 'deal_signing',
    phone: auth.user.phone!,
    userId: auth.user.id,
    bind: bindOf(row),
    text: (code) => T.signSms(code, id),
  });
}

/** POST /deals/:id/sign: the code is spent, then the signature is decided under the deal's lock. */
export async function signDeal(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  code: string,
  log?: WarnLog,
): Promise<DealView> {
  const row = await checkSignable(ctx, auth, id, 'sms', log);
  await verifySmsCode(accountDeps(ctx), {
    purpose: 'deal_signing',
    phone: auth.user.phone!,
    code,
    mode: 'consume',
    userId: auth.user.id,
    bind: bindOf(row),
  });
  const signing = { sha256: row.agreementSha256 };
  return present(ctx, auth, (await step(ctx, auth, id, { type: 'sign', method: 'sms' }, false, signing)).row);
}

/**
 * POST /deals/:id/sign_scan: the scan of the paper-signed agreement (a PDF, recognised by its content) is stored,
 * then the signature is decided under the deal's lock as an SMS one; a refused signature leaves no file.
 */
export async function signDealByScan(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  file: UploadedFile | undefined,
  log?: WarnLog,
): Promise<DealView> {
  const row = await checkSignable(ctx, auth, id, 'scan', log);
  if (!file) throw validationFailed({ file: [AGREEMENT_TEXTS.scanRequired] });
  formatOf(file, ['pdf'], AGREEMENT_TEXTS.scanNotPdf);
  const scanKey = newFileKey('deal_scans', id, 'pdf');
  const signing = { sha256: row.agreementSha256, scanKey };
  const { row: signed } = await withStoredFiles(storageOf(ctx), [{ key: scanKey, bytes: file.bytes }], () =>
    step(ctx, auth, id, { type: 'sign', method: 'scan' }, false, signing),
  );
  return present(ctx, auth, signed);
}

/** GET /lots/:id/deal: the lot's newest deal the caller may see. */
export async function findLotDeal(ctx: AppContext, auth: AuthContext, lotId: number): Promise<DealView> {
  const viewer = viewerOf(auth);
  const row = (await findDealsOfLot(ctx.db, lotId)).find((d) => dealRoleOf(viewer, d) !== null);
  if (!row) throw notFound(T.lotDealNotFound);
  return present(ctx, auth, row);
}

/** GET /deals: the caller's companies' deals (an administrator's: all), overdue first. */
export async function listDeals(
  ctx: AppContext,
  auth: AuthContext,
  query: z.infer<typeof dealsQuery>,
): Promise<DealList> {
  const viewer = viewerOf(auth);
  const now = ctx.now();
  const page = await findDealsPage(ctx.db, {
    companyIds: viewer.isAdmin ? null : viewer.companyIds,
    role: query.role,
    state: query.state,
    now,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const facts = await findDealFacts(ctx.db, page.rows);
  return {
    deals: page.rows.map((row) => presentDeal(row, facts, dealRoleOf(viewer, row)!, now)),
    total_count: page.total,
    total_pages: Math.max(1, Math.ceil(page.total / query.per_page)),
  };
}
