import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBriefcaseCard, buildLot } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { LotControls, LotParties } from './LotParts.tsx';
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

describe('the controls of a lot, as a buyer sees them', () => {
  const view = { player: true, sealed: false, basis: { label: 'ОСЗ', kopecks: 5_000_000_00 } } as LotView;
  const active = buildLot({ id: 4, status: 'active' });

  it('tell a company the procedure does not admit so, instead of offering a bid the server would refuse', () => {
    const card = buildBriefcaseCard({ auction_type: 'classic', viewer_admitted: false });
    renderWithProviders(<LotControls lot={active} briefcase={card} view={view} />);
    expect(screen.getByTestId('lot-not-admitted-4').textContent).toBe(
      'Ваша компания не допущена к участию в этой торговой процедуре',
    );
    expect(screen.queryByRole('button', { name: 'Сделать ставку' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Включить автоставку' })).not.toBeInTheDocument();
  });

  it('give an admitted company its bid and autobid', async () => {
    const card = buildBriefcaseCard({ auction_type: 'classic', viewer_admitted: true });
    renderWithProviders(<LotControls lot={active} briefcase={card} view={view} />);
    expect(await screen.findByRole('button', { name: 'Сделать ставку' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Включить автоставку' })).toBeInTheDocument();
    expect(screen.queryByTestId('lot-not-admitted-4')).not.toBeInTheDocument();
  });
});
