import { describe, expect, it } from 'vitest';
import { cardTabOf, visibleCardTabs } from './cardTabs.ts';

const player = { role: 'user' as const };
const admin = { role: 'admin' as const };

describe('card tabs', () => {
  it('reads the address segment', () => {
    expect(cardTabOf(undefined)).toBe('briefcase');
    expect(cardTabOf('trade')).toBe('trade');
    expect(cardTabOf('bids')).toBeNull();
  });

  it('shows a player the public tabs only', () => {
    expect(visibleCardTabs({ status: 'active', is_master: false }, player)).toEqual([
      'briefcase',
      'analytics',
      'trade',
      'faq',
    ]);
  });

  it('shows the owner statistics once trading has begun, not before', () => {
    expect(visibleCardTabs({ status: 'active', is_master: true }, player)).toContain('statistics');
    expect(visibleCardTabs({ status: 'ready', is_master: true }, player)).not.toContain('statistics');
  });

  it('shows monitoring to administrators only', () => {
    expect(visibleCardTabs({ status: 'ready', is_master: false }, admin)).toContain('monitoring');
    expect(visibleCardTabs({ status: 'ready', is_master: true }, player)).not.toContain('monitoring');
  });

  it('hides the FAQ from non-owners while the procedure is created or pending', () => {
    expect(visibleCardTabs({ status: 'pending', is_master: false }, player)).not.toContain('faq');
    expect(visibleCardTabs({ status: 'pending', is_master: true }, player)).toContain('faq');
  });
});
