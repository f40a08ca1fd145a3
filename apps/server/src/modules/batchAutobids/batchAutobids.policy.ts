/**
 * Who may use batch autobids and when (spec 2 §4 "Batch autobids"): a participant that may set autobids (not the
 * seller, not an administrator, accredited and admitted), on a classic procedure, before its start. One upload
 * per company per procedure, ever (decisions/0014).
 */
import { AUTOBID_MESSAGES, type BidActor, batchAutobidsClosed, checkBidder } from '@etp/domain';
import type { AuctionTypeColumn, BriefcaseStatusColumn } from '../../db/schema/index.ts';
import { allow, refuse, type Verdict } from '../../http/verdict.ts';
import { BATCH_TEXTS as T } from './batchAutobids.messages.ts';

export interface BatchProcedure {
  auctionType: AuctionTypeColumn;
  status: BriefcaseStatusColumn;
  startDatetime: Date | null;
}

export function canChangeBatchAutobids(actor: BidActor, procedure: BatchProcedure, now: Date): Verdict {
  const who = checkBidder(actor, AUTOBID_MESSAGES);
  if (!who.ok) return refuse(403, who.message);
  const beforeStart = procedure.startDatetime !== null && now < procedure.startDatetime;
  const closed = batchAutobidsClosed(procedure, beforeStart);
  if (closed === 'classic_only') return refuse(422, AUTOBID_MESSAGES.classicOnly);
  if (closed === 'before_start_only') return refuse(409, T.beforeStartOnly);
  return allow;
}

export function canUploadBatch(
  actor: BidActor,
  procedure: BatchProcedure,
  uploadedBefore: boolean,
  now: Date,
): Verdict {
  const allowed = canChangeBatchAutobids(actor, procedure, now);
  if (!allowed.ok) return allowed;
  if (uploadedBefore) return refuse(409, T.alreadyUploaded);
  return allow;
}
