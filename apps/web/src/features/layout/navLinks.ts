import type { User } from '@etp/contracts';
import { hasFullAccess } from '../access/hasFullAccess.ts';
import { LAYOUT_MESSAGES } from './messages.ts';

export interface NavLink {
  to: string;
  label: string;
}

const { nav } = LAYOUT_MESSAGES;

/** The header's links for a user: the feed for everyone signed in, the formats with full access, admin extras. */
export function navLinksFor(user: User | null): NavLink[] {
  if (!user) return [];
  const links: NavLink[] = [{ to: '/briefcases', label: nav.feed }];
  if (hasFullAccess(user)) {
    links.push(
      { to: '/classic', label: nav.classic },
      { to: '/dutch', label: nav.dutch },
      { to: '/private_requests', label: nav.privateRequests },
      { to: '/creditor_to_creditor', label: nav.bankToBank },
    );
  }
  if (user.role === 'admin') links.push({ to: '/admin/briefcases', label: nav.admin });
  return links;
}
