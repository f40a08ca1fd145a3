import { describe, expect, it } from 'vitest';
import { buildPublicBriefcase as publicCard } from '../../test/factories.ts';
import {
  isCardDisabled,
  showsSliderControls,
  sliderBadge,
  sliderCardLink,
  sliderStartIndex,
} from './sliderRules.ts';

describe('slider rules', () => {
  it('disables rejected and closed cards, and links the others to the procedure', () => {
    for (const status of ['rejected', 'closed', 'closed_without_bids', 'closed_without_winners'] as const) {
      expect(isCardDisabled(status)).toBe(true);
      expect(sliderCardLink(publicCard(5, status))).toBeNull();
    }
    for (const status of ['ready', 'active', 'finished', 'closed_with_next_round'] as const) {
      expect(sliderCardLink(publicCard(5, status))).toBe('/briefcases/5');
    }
  });

  it('badges the active and the nearest procedure', () => {
    expect(sliderBadge(publicCard(1, 'active'))).toBe('active');
    expect(sliderBadge(publicCard(1, 'ready', true))).toBe('nearest');
    expect(sliderBadge(publicCard(1, 'ready'))).toBeNull();
  });

  it('starts at the active card, else at the nearest, else at the first', () => {
    const ended = publicCard(1, 'closed');
    expect(sliderStartIndex([ended, publicCard(2, 'ready', true), publicCard(3, 'active')])).toBe(2);
    expect(sliderStartIndex([ended, publicCard(2, 'ready'), publicCard(3, 'ready', true)])).toBe(2);
    expect(sliderStartIndex([ended, publicCard(2, 'ready')])).toBe(0);
  });

  it('shows the arrows only from 4 cards', () => {
    expect(showsSliderControls(3)).toBe(false);
    expect(showsSliderControls(4)).toBe(true);
  });
});
