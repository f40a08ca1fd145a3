import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildLot } from '../../test/factories.ts';
import { LotParties } from './LotParts.tsx';
import type { LotView } from './useLotView.ts';

const ownerView = { player: false } as LotView;
const closed = buildLot({ status: 'closed', winner_company: 'ООО «Коллект»' });

describe('the parties of a lot, as the seller sees them', () => {
  it('names the winner of a lot', () => {
    render(<LotParties lot={closed} view={ownerView} convert={false} />);
    expect(screen.getByText('Победитель: ООО «Коллект»')).toBeInTheDocument();
  });

  it('in a convert first round names the offer chosen for the second round, not a winner (issue 29)', () => {
    render(<LotParties lot={closed} view={ownerView} convert={true} />);
    expect(screen.getByText('Ставка для 2-го тура: ООО «Коллект»')).toBeInTheDocument();
    expect(screen.queryByText(/Победитель/)).not.toBeInTheDocument();
  });
});
