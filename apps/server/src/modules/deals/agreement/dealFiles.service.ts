/**
 * The deal's files for its parties and administrators (decisions/0263): the agreement PDF (made on first request)
 * and each side's signed scan. A stranger to the deal is told it does not exist, as by every deal call.
 */
import type { AppContext } from '../../../appContext.ts';
import { notFound } from '../../../http/errors.ts';
import { storageOf } from '../../../storage/storageOf.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import { DEAL_TEXTS } from '../deals.messages.ts';
import { dealRoleOf } from '../deals.policy.ts';
import { findDeal } from '../deals.queries.ts';
import { viewerOf } from '../deals.service.ts';
import { AGREEMENT_TEXTS as T } from './agreement.messages.ts';
import { ensureAgreement, type WarnLog } from './agreement.service.ts';

async function visibleDeal(ctx: AppContext, auth: AuthContext, id: number) {
  const row = await findDeal(ctx.db, id);
  if (!row || !dealRoleOf(viewerOf(auth), row)) throw notFound(DEAL_TEXTS.notFound);
  return row;
}

/** GET /deals/:id/agreement: the stored agreement, made now when missing or out of date (nobody signed yet). */
export async function openDealAgreement(ctx: AppContext, auth: AuthContext, id: number, log: WarnLog) {
  const row = await ensureAgreement(ctx, await visibleDeal(ctx, auth, id), log);
  const file = row.agreementKey ? await storageOf(ctx).open(row.agreementKey) : null;
  if (!file) throw notFound(DEAL_TEXTS.notFound);
  return { file, name: T.fileName(id) };
}

/** GET /deals/:id/scans/:side: the side's signed scan, when it signed by one. */
export async function openDealScan(ctx: AppContext, auth: AuthContext, id: number, side: 'buyer' | 'seller') {
  const row = await visibleDeal(ctx, auth, id);
  const key = side === 'buyer' ? row.buyerScanKey : row.sellerScanKey;
  const file = key ? await storageOf(ctx).open(key) : null;
  if (!file) throw notFound(T.scanNotFound);
  return { file, name: T.scanFileName(id, side) };
}
