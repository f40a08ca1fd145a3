import { describe, expect, it } from 'vitest';
import { buildBriefcaseCard } from '../../../test/factories.ts';
import { averageDebt, participantLines } from './PortfolioExtras.tsx';

describe('the Портфель tab advantages', () => {
  it('takes "Средний долг" by ОД when that is the basis or for bank_to_bank, otherwise by ОСЗ', () => {
    const b = { amount_mean: 100, bottomline_mean: 200 };
    expect(averageDebt(buildBriefcaseCard({ ...b, percent_mode: 'amount_total_debt' }))).toBe(100);
    expect(averageDebt(buildBriefcaseCard({ ...b, percent_mode: 'amount_bottomline_debt' }))).toBe(200);
    expect(
      averageDebt(
        buildBriefcaseCard({ ...b, percent_mode: 'amount_bottomline_debt', auction_type: 'bank_to_bank' }),
      ),
    ).toBe(100);
  });

  it('lists the allowed kinds with the notes of their narrowing flags', () => {
    const lines = participantLines(
      buildBriefcaseCard({
        allowed_kinds_map: { legal: true, bank: true, physical: false, self: false, mfo: true },
        fssp_only: true,
        okved_82_91_only: true,
        fssp_mfo_only: true,
      }),
    );
    expect(lines).toEqual([
      { kind: 'legal', notes: ['Только для юридических лиц из реестра ФССП', 'Только с ОКВЭД 82.91'] },
      { kind: 'bank', notes: [] },
      { kind: 'mfo', notes: ['Только для МФО из реестра ФССП'] },
    ]);
  });
});
