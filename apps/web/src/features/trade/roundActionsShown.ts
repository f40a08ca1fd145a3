import type { BriefcaseCardAttributes } from '@etp/contracts';
import { AFTER_TRADING_STATUSES, statusIn } from '@etp/domain';

/** The round buttons (apply, applications, second round) can only show once trading is over. */
export const roundActionsShown = (b: Pick<BriefcaseCardAttributes, 'status'>): boolean =>
  statusIn(b.status, AFTER_TRADING_STATUSES);
