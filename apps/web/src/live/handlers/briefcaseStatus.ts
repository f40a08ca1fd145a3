/**
 * BriefcaseStatus: briefcase_status_update / briefcase_closed / next_round → the procedure's card and its feed
 * entries, and the lots are re-read (their statuses follow the procedure's).
 */
import type { LiveMessageOf } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import type { CardPatch, ProcedureCardWriter } from './procedureCard.ts';

export function onStatus(
  queryClient: QueryClient,
  cards: ProcedureCardWriter,
  message: LiveMessageOf<'briefcase_status_update' | 'briefcase_closed' | 'next_round'>,
): void {
  const { payload } = message;
  const id = payload?.id ?? message.briefcase_id;
  if (typeof id !== 'number') return;
  cards.patchCard(id, statusPatch(payload));
  void queryClient.invalidateQueries({ queryKey: queryKeys.lotsOf(id) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(id) });
}

/**
 * The card fields a status message changes: those it carries. `next_round_requests` (the seller's count of
 * applications) has no place on the card: the card is re-read after every status message anyway.
 */
function statusPatch(payload: LiveMessageOf<'next_round'>['payload']): CardPatch {
  const patch: CardPatch = {};
  if (payload.status !== undefined) patch.status = payload.status;
  if (payload.end_datetime !== undefined) patch.end_datetime = payload.end_datetime;
  if (payload.can_start_second_round !== undefined)
    patch.can_start_second_round = payload.can_start_second_round;
  if (payload.next_round_id !== undefined) patch.next_round_id = payload.next_round_id;
  if (payload.next_round_count !== undefined) patch.next_round_count = payload.next_round_count;
  if (payload.second_round_id !== undefined) patch.second_round_id = payload.second_round_id;
  return patch;
}
