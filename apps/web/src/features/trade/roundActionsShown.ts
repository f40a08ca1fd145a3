import type { BriefcaseCardAttributes } from '@etp/contracts';

export const DECIDED = ['closed', 'closed_without_bids', 'closed_without_winners'] as const;
export const AFTER_TRADING = ['finished', ...DECIDED] as const;

/** The round buttons (apply, applications, second round) can only show once trading is over. */
export const roundActionsShown = (b: Pick<BriefcaseCardAttributes, 'status'>): boolean =>
  (AFTER_TRADING as readonly string[]).includes(b.status);
