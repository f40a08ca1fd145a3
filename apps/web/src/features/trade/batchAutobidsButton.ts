import type { BriefcaseCardAttributes } from '@etp/contracts';
import { batchAutobidsClosed } from '@etp/domain';

/** Whether the card shows the button (a participant's, classic, before the start) and whether it works. */
export function batchAutobidsButton(
  b: BriefcaseCardAttributes,
  admin: boolean,
): 'hidden' | 'disabled' | 'shown' {
  if (admin || batchAutobidsClosed({ auctionType: b.auction_type, status: b.status }) !== null)
    return 'hidden';
  return b.is_master ? 'disabled' : 'shown';
}
