import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildBriefcase } from '../../test/factories.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { BriefcaseCard } from './BriefcaseCard.tsx';

const NOW = Date.parse('2026-11-20T09:00:00.000Z');
/** Intl writes U+00A0 between number, unit and currency; tests read it as a plain space. */
const text = (element: HTMLElement) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

describe('BriefcaseCard', () => {
  it('shows the procedure number, status line, format, organiser, dates, amounts and counters', () => {
    renderWithProviders(<BriefcaseCard briefcase={buildBriefcase()} nowMs={NOW} />);
    const card = screen.getByTestId('briefcase-card');
    const content = text(card);

    expect(within(card).getByRole('heading', { name: 'ТП №42' })).toBeInTheDocument();
    expect(content).toContain('Пройдёт 22.11.2026, 11:00 МСК');
    expect(content).toContain('Классический аукцион');
    expect(content).toContain('ПАО «Северный Банк»');
    expect(within(card).getByText('СБ')).toBeInTheDocument(); // initials instead of a missing logo
    expect(content).toMatch(/Начало22\.11\.2026 11:00/);
    expect(content).toMatch(/Окончание22\.11\.2026 13:00/);
    expect(content).toContain('ОД1,5 млрд ₽');
    expect(content).toContain('ОСЗ2 млрд ₽');
    expect(content).toContain('Начальная цена95 млн ₽');
    expect(content).toContain('Лотов12');
    expect(content).toContain('Ставок31');
    expect(content).toContain('Участников4');
    expect(content).toContain('92%');
  });

  it('links to the procedure card', () => {
    renderWithProviders(<BriefcaseCard briefcase={buildBriefcase()} nowMs={NOW} />);
    expect(screen.getByRole('link').getAttribute('href')).toBe('/briefcases/42');
  });

  it('is not a link and hides the details when can_show is false', () => {
    renderWithProviders(<BriefcaseCard briefcase={buildBriefcase({ can_show: false })} nowMs={NOW} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    const content = text(screen.getByTestId('briefcase-card'));
    expect(content).toContain('ТП №42');
    expect(content).toContain('Подробности процедуры вам недоступны');
    expect(content).not.toContain('млрд');
  });

  it('counts down the last minutes of an active procedure', () => {
    const briefcase = buildBriefcase({ status: 'active', end_datetime: '2026-11-20T09:03:05.000Z' });
    renderWithProviders(<BriefcaseCard briefcase={briefcase} nowMs={NOW} />);
    expect(text(screen.getByTestId('briefcase-card'))).toContain('00:03:05');
  });

  it('names the minimum price of a sealed auction', () => {
    renderWithProviders(
      <BriefcaseCard briefcase={buildBriefcase({ auction_type: 'private_requests' })} nowMs={NOW} />,
    );
    const content = text(screen.getByTestId('briefcase-card'));
    expect(content).toContain('Закрытый запрос предложений');
    expect(content).toContain('Минимальная цена95 млн ₽');
  });
});
