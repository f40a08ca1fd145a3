/**
 * The rules of the landing page's procedure slider (spec 3 §2.7): which cards are disabled, which badge a card
 * wears, where the slider starts, and when its controls show.
 */
import type { PublicBriefcase } from '@etp/contracts';
import { type BriefcaseStatus, SLIDER_CONTROLS_MIN_CARDS } from '@etp/domain';

/** Cards of these statuses are shown but lead nowhere. */
const DISABLED_STATUSES: readonly BriefcaseStatus[] = [
  'rejected',
  'closed',
  'closed_without_bids',
  'closed_without_winners',
];

export function isCardDisabled(status: BriefcaseStatus): boolean {
  return DISABLED_STATUSES.includes(status);
}

export type SliderBadge = 'active' | 'nearest';

/** 'Проводятся' on a procedure trading now, 'Ближайшие торги' on the nearest upcoming one. */
export function sliderBadge(item: PublicBriefcase): SliderBadge | null {
  if (item.attributes.status === 'active') return 'active';
  return item.attributes.nearest ? 'nearest' : null;
}

/** The card the slider centres on: the first active one, else the nearest, else the first card. */
export function sliderStartIndex(items: readonly PublicBriefcase[]): number {
  const active = items.findIndex((item) => item.attributes.status === 'active');
  if (active >= 0) return active;
  const nearest = items.findIndex((item) => item.attributes.nearest);
  return nearest >= 0 ? nearest : 0;
}

/** The arrows show only with 4 cards or more. */
export function showsSliderControls(count: number): boolean {
  return count >= SLIDER_CONTROLS_MIN_CARDS;
}

/** The address a card leads to, or null for a disabled one. */
export function sliderCardLink(item: PublicBriefcase): string | null {
  return isCardDisabled(item.attributes.status) ? null : `/briefcases/${item.id}`;
}
