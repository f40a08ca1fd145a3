/**
 * Who may save which procedure (spec 1 §4, §6): created and pending are edited by the seller's users and
 * administrators; ready and active only by administrators (active: start and step locked); nothing later.
 */
import type { BriefcaseSaveBody } from '@etp/contracts';
import { allow, refuse, type Verdict } from '../../http/verdict.ts';
import { WIZARD_MESSAGES as M } from './wizard.messages.ts';

export interface SavedProcedure {
  status: string;
}

const ADMIN_FIELDS = ['round_request_ttl', 'ai_grid'] as const;
const ACTIVE_LOCKED = [
  'start_datetime',
  'step_price',
  'lots_step_price',
  'custom_steps',
  'lots_start_prices_cents',
] as const;

export function canSave(isAdmin: boolean, procedure: SavedProcedure, body: BriefcaseSaveBody): Verdict {
  if (!isAdmin && ADMIN_FIELDS.some((field) => body[field] !== undefined))
    return refuse(403, M.adminOnlyField);
  switch (procedure.status) {
    case 'created':
    case 'pending':
      return allow;
    case 'ready':
    case 'active':
      if (!isAdmin) return refuse(409, M.alreadyApproved);
      if (body.auction_type !== undefined) return refuse(409, M.typeLocked);
      // The body carries only real changes of locked fields here (draft/activeSave.ts drops repeated values).
      if (procedure.status === 'active' && ACTIVE_LOCKED.some((field) => body[field] !== undefined))
        return refuse(409, M.activeLocked);
      if (procedure.status === 'active' && body.with_composite_lot !== undefined)
        return refuse(409, M.activeLotsLocked);
      return allow;
    default:
      return refuse(409, M.notEditable);
  }
}

/** Sending for approval: a created procedure only (pending again is a no-op answered as done). */
export function canApply(procedure: SavedProcedure): Verdict {
  return procedure.status === 'created' || procedure.status === 'pending' ? allow : refuse(409, M.notCreated);
}
