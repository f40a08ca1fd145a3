import type { BriefcaseCardAttributes } from '@etp/contracts';

/** Whether the card shows the button (a participant's, classic, before the start) and whether it works. */
export function batchAutobidsButton(
  b: BriefcaseCardAttributes,
  admin: boolean,
): 'hidden' | 'disabled' | 'shown' {
  if (admin || b.status !== 'ready' || b.auction_type !== 'classic') return 'hidden';
  return b.is_master ? 'disabled' : 'shown';
}
