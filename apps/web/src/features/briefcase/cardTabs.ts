/**
 * The card page's tabs (spec 2 §2): which exist, their address segment, and who sees them.
 * - statistics: the owner (or an administrator) once trading has begun (STATISTICS_STATUSES);
 * - monitoring: administrators only;
 * - faq: hidden from non-owners while the procedure is created or pending.
 */
import type { BriefcaseCardAttributes, User } from '@etp/contracts';
import { STATISTICS_STATUSES, statusIn } from '@etp/domain';

const CARD_TABS = ['briefcase', 'analytics', 'trade', 'statistics', 'monitoring', 'faq'] as const;
export type CardTab = (typeof CARD_TABS)[number];

/** The tab an address segment names: none is the portfolio ('briefcase'); an unknown one is null. */
export function cardTabOf(segment: string | undefined): CardTab | null {
  if (segment === undefined || segment === '') return 'briefcase';
  return (CARD_TABS as readonly string[]).includes(segment) ? (segment as CardTab) : null;
}

/** The address of a tab: the portfolio has no segment. */
export function cardTabPath(id: number, tab: CardTab): string {
  return tab === 'briefcase' ? `/briefcases/${id}` : `/briefcases/${id}/${tab}`;
}

export function visibleCardTabs(
  card: Pick<BriefcaseCardAttributes, 'status' | 'is_master'>,
  user: Pick<User, 'role'> | null,
): CardTab[] {
  const admin = user?.role === 'admin';
  const owner = card.is_master || admin;
  return CARD_TABS.filter((tab) => {
    switch (tab) {
      case 'statistics':
        return owner && statusIn(card.status, STATISTICS_STATUSES);
      case 'monitoring':
        return admin;
      case 'faq':
        return owner || !statusIn(card.status, ['created', 'pending']);
      default:
        return true;
    }
  });
}
