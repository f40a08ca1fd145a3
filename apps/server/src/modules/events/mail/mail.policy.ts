/**
 * Which event is mailed to whom (decisions/0124): each kind follows the notification setting the spec names for it
 * (spec 3 §3); a kind no setting covers is mailed (an accreditation decision, an answer to the user's question) unless it has a mail of its own (a
 * company invitation is mailed with its link when it is sent).
 */

import type { NotificationsSettings } from '@etp/contracts';
import { type DealActionType, RESULT_STATUSES, statusIn } from '@etp/domain';
import type { EventKind } from '../../../db/schema/index.ts';

/**
 * A deal's steps on the way to the registry (decisions/0261): the other side signs, pays, confirms, accepts the
 * offer, downloads; the platform hands the registry over or closes the deal. deal_mailer.steps governs them. Every
 * other deal event (a missed deadline, an administrator's cancellation, the lot offered to the second bidder, the
 * offer declined, an event without an action) ends or endangers the deal and is mailed whatever is set.
 */
const DEAL_STEP_ACTIONS: ReadonlySet<string> = new Set<DealActionType>([
  'sign',
  'mark_paid',
  'confirm_payment',
  'hand_over_registry',
  'registry_downloaded',
  'close',
  'accept_offer',
]);

export function shouldMail(
  kind: EventKind,
  payload: Record<string, unknown>,
  settings: NotificationsSettings,
): boolean {
  switch (kind) {
    case 'outbid':
      return settings.lot_mailer.ousted;
    case 'won':
      return settings.lot_mailer.won;
    case 'lost':
      return settings.lot_mailer.lost;
    case 'briefcase_status': {
      const status = payload.status;
      if (status === 'active') return settings.lot_mailer.started;
      if (typeof status === 'string' && statusIn(status as never, RESULT_STATUSES))
        return settings.lot_mailer.finished;
      // Approval, rejection: the seller sees them on the card and in the events.
      return false;
    }
    case 'autobid_maxed_out':
      return settings.autobid_mailer.maxed_out;
    case 'procedure_invitation':
    case 'round_invitation':
      return settings.invitation_mailer.invited;
    case 'invitation':
      return false;
    case 'deal':
      return typeof payload.action === 'string' && DEAL_STEP_ACTIONS.has(payload.action)
        ? settings.deal_mailer.steps
        : true;
    case 'accreditation_approved':
    case 'accreditation_rejected':
    case 'question_answered':
    case 'question_asked':
      return true;
  }
}

/** Events older than this when the worker first sees them (a node was down for a day) are not mailed late. */
export const MAIL_EVENTS_WITHIN_MS = 24 * 60 * 60 * 1000;
