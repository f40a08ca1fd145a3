/**
 * Who sees the card's organiser buttons (spec 2 §2, §6):
 * - Edit: not in player view, and either (not yet sent and created or pending) or (admin and ready or active);
 * - confirm / do not confirm: a pending procedure awaiting this viewer's side (the seller's users confirm what an
 *   administrator created; an administrator approves what a seller sent), as the server's moderation policy.
 */
import type { BriefcaseCardAttributes, User } from '@etp/contracts';

type Card = Pick<BriefcaseCardAttributes, 'status' | 'sent' | 'is_master' | 'creator_type'>;

export function canEditBriefcase(card: Card, user: Pick<User, 'role'> | null, playerView = false): boolean {
  if (playerView) return false;
  const admin = user?.role === 'admin';
  const owner = card.is_master || admin;
  if (owner && !card.sent && (card.status === 'created' || card.status === 'pending')) return true;
  return admin && (card.status === 'ready' || card.status === 'active');
}

export function canDecideBriefcase(card: Card, user: Pick<User, 'role'> | null): boolean {
  if (card.status !== 'pending') return false;
  const admin = user?.role === 'admin';
  return card.creator_type === 'admin' ? !admin && card.is_master : admin;
}
