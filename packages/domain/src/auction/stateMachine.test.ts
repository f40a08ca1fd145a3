import { describe, expect, it } from 'vitest';
import { BRIEFCASE_STATUSES, LOT_STATUSES } from '../statuses.ts';
import {
  canLotTransition,
  canTransition,
  type LotSummary,
  lotStatusAt,
  nextProcedureStatusAfterLots,
} from './stateMachine.ts';
import { MIN, T0 } from './testLots.ts';

describe('procedure transitions', () => {
  it('allows exactly the listed moves', () => {
    const allowed = BRIEFCASE_STATUSES.flatMap((from) =>
      BRIEFCASE_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'created>pending',
      'pending>rejected',
      'pending>ready',
      'ready>active',
      'active>finished',
      'finished>closed',
      'finished>closed_without_bids',
      'finished>closed_without_winners',
      'finished>closed_with_next_round',
      'closed>closed_with_next_round',
      'closed_without_bids>closed_with_next_round',
      'closed_without_winners>closed_with_next_round',
    ]);
  });
  it('moves lots one way through their statuses', () => {
    const allowed = LOT_STATUSES.flatMap((from) =>
      LOT_STATUSES.filter((to) => canLotTransition(from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual([
      'created>pending',
      'pending>ready',
      'ready>active',
      'active>finished',
      'finished>closed',
    ]);
  });
});

describe('lotStatusAt', () => {
  const lot = { status: 'ready' as const, start_ms: T0, end_ms: T0 + 60 * MIN };
  it('starts and ends lots by the clock', () => {
    expect(lotStatusAt(lot, T0 - 1)).toBe('ready');
    expect(lotStatusAt(lot, T0)).toBe('active');
    expect(lotStatusAt({ ...lot, status: 'active' }, T0 + 60 * MIN)).toBe('finished');
    expect(lotStatusAt(lot, T0 + 61 * MIN)).toBe('finished');
    expect(lotStatusAt({ ...lot, status: 'closed' }, T0)).toBe('closed');
  });
});

describe('nextProcedureStatusAfterLots', () => {
  const l = (status: LotSummary['status'], bids_count = 0, winner = false): LotSummary => ({
    status,
    bids_count,
    winner: winner ? { bidId: 1, companyId: 1, amount: 1 } : null,
  });
  it('follows the lots', () => {
    expect(nextProcedureStatusAfterLots([])).toBeNull();
    expect(nextProcedureStatusAfterLots([l('pending'), l('ready')])).toBeNull();
    expect(nextProcedureStatusAfterLots([l('ready'), l('ready')])).toBe('ready');
    expect(nextProcedureStatusAfterLots([l('ready'), l('active')])).toBe('active');
    expect(nextProcedureStatusAfterLots([l('finished'), l('active')])).toBe('active');
    expect(nextProcedureStatusAfterLots([l('finished'), l('closed')])).toBe('finished');
  });
  it('picks the closed variant', () => {
    expect(nextProcedureStatusAfterLots([l('closed', 2, true), l('closed')])).toBe('closed');
    expect(nextProcedureStatusAfterLots([l('closed'), l('closed')])).toBe('closed_without_bids');
    expect(nextProcedureStatusAfterLots([l('closed', 2), l('closed')])).toBe('closed_without_winners');
    expect(nextProcedureStatusAfterLots([l('closed', 2, true)], { nextRoundCreated: true })).toBe(
      'closed_with_next_round',
    );
  });
});
