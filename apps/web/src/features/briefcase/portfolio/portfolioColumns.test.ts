import { describe, expect, it } from 'vitest';
import { buildBriefcaseCard } from '../../../test/factories.ts';
import { portfolioColumns } from './portfolioColumns.ts';

const player = { admin: false };

describe('the Портфель lots table columns per role', () => {
  it('shows a participant of a classic procedure by ОСЗ the bids but not the leader', () => {
    const card = buildBriefcaseCard({
      auction_type: 'classic',
      is_master: false,
      can_view_bids_info: true,
      has_enabled_autobids: false,
      is_amount_bottomline_visible: true,
    });
    expect(portfolioColumns(card, player)).toEqual([
      'number',
      'dpd',
      'amountTotal',
      'amountBottomline',
      'startPrice',
      'step',
      'currentPrice',
      'bids',
      'bidders',
      'status',
    ]);
  });

  it('adds the autobid column for a company with an enabled autobid, and the steps for dutch', () => {
    const card = buildBriefcaseCard({
      auction_type: 'dutch',
      is_master: false,
      can_view_bids_info: true,
      has_enabled_autobids: true,
      is_amount_bottomline_visible: true,
    });
    const columns = portfolioColumns(card, player);
    expect(columns).toContain('stepCount');
    expect(columns).toContain('autobid');
    expect(columns).not.toContain('leader');
  });

  it('gives the seller and administrators the leader and the winner, only with bids info', () => {
    const seller = buildBriefcaseCard({ is_master: true, can_view_bids_info: true });
    expect(portfolioColumns(seller, player)).toEqual(expect.arrayContaining(['leader', 'winner']));
    const other = buildBriefcaseCard({ is_master: false, can_view_bids_info: true });
    expect(portfolioColumns(other, { admin: true })).toEqual(expect.arrayContaining(['leader', 'winner']));
    const hidden = buildBriefcaseCard({ is_master: true, can_view_bids_info: false });
    expect(portfolioColumns(hidden, player)).not.toEqual(expect.arrayContaining(['leader']));
    expect(portfolioColumns(hidden, player)).not.toContain('currentPrice');
  });

  it('drops ОСЗ, DPD and step without the show-ОСЗ flag and always for bank_to_bank', () => {
    for (const card of [
      buildBriefcaseCard({ auction_type: 'classic', is_amount_bottomline_visible: false }),
      buildBriefcaseCard({ auction_type: 'bank_to_bank', is_amount_bottomline_visible: true }),
    ]) {
      const columns = portfolioColumns(card, player);
      expect(columns).not.toContain('dpd');
      expect(columns).not.toContain('amountBottomline');
      expect(columns).not.toContain('step');
    }
  });
});
