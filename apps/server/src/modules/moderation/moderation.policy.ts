/**
 * Who confirms a pending procedure (spec 2 §4, DESIGN §5): the seller's users confirm or reject what an
 * administrator created for them (creator_type 'admin'); an administrator approves or rejects what a seller sent
 * (creator_type 'user'). Nobody confirms their own side's work.
 */
import { canTransition, type UserRole } from '@etp/domain';
import type { BriefcaseStatusColumn } from '../../db/schema/index.ts';
import { allow, refuse, type Verdict } from '../../http/verdict.ts';
import { MODERATION_TEXTS as T } from './moderation.messages.ts';

export interface Moderator {
  isAdmin: boolean;
  /** A user (owner or collaborator) of the procedure's seller company. */
  isSellerMember: boolean;
}

export interface ModeratedProcedure {
  status: BriefcaseStatusColumn;
  creatorType: UserRole;
  startDatetime: Date | null;
}

/** Who may decide, then whether the procedure waits for a decision. */
export function canModerate(actor: Moderator, procedure: ModeratedProcedure): Verdict {
  if (procedure.creatorType === 'admin' && (actor.isAdmin || !actor.isSellerMember)) {
    return refuse(403, T.sellerConfirms);
  }
  if (procedure.creatorType === 'user' && !actor.isAdmin) return refuse(403, T.adminApproves);
  if (!canTransition(procedure.status, 'ready')) return refuse(409, T.notPending);
  return allow;
}

/** Confirming also needs a start still ahead: a procedure published after its start would open at once. */
export function canConfirm(actor: Moderator, procedure: ModeratedProcedure, now: Date): Verdict {
  const allowed = canModerate(actor, procedure);
  if (!allowed.ok) return allowed;
  if (!procedure.startDatetime) return refuse(409, T.noStart);
  if (procedure.startDatetime <= now) return refuse(409, T.startPassed);
  return allow;
}

/** The reply to a rejection: the seller's remarks go to the platform's specialist; the administrator cancels. */
export function rejectionMessage(actor: Moderator): string {
  return actor.isAdmin ? T.rejectedByAdmin : T.remarksTaken;
}
