import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPublicBriefcase } from '../../test/factories.ts';
import { failure, stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { LandingPage } from './LandingPage.tsx';

afterEach(() => vi.unstubAllGlobals());

function fillCallRequest() {
  fireEvent.change(screen.getByLabelText('ФИО'), { target: { value: 'Иванов Иван Иванович' } });
  const phone = screen.getByLabelText('Телефон');
  fireEvent.focus(phone);
  fireEvent.change(phone, { target: { value: '+7 9161234567' } });
}

describe('the landing page', () => {
  it('shows the schedule with its badges, disabled ended procedures and no arrows under 4 cards', async () => {
    stubApi({
      'GET /api/v1/public_briefcases': [
        buildPublicBriefcase(11, 'closed'),
        buildPublicBriefcase(12, 'active'),
        buildPublicBriefcase(13, 'ready', true),
      ],
    });
    renderWithProviders(<LandingPage />);
    const cards = await screen.findAllByTestId('slider-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
    expect(cards[0]?.getAttribute('aria-disabled')).toBe('true');
    expect(within(cards[1] as HTMLElement).getByText('Проводятся')).toBeInTheDocument();
    expect(
      within(cards[1] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/briefcases/12');
    expect(within(cards[2] as HTMLElement).getByText('Ближайшие торги')).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText('ТП №13')).toBeInTheDocument();
    expect(screen.queryByTestId('slider-controls')).not.toBeInTheDocument();
  });

  it('shows the arrows from 4 cards', async () => {
    stubApi({
      'GET /api/v1/public_briefcases': [1, 2, 3, 4].map((id) => buildPublicBriefcase(id, 'ready', id === 1)),
    });
    renderWithProviders(<LandingPage />);
    expect(await screen.findByRole('button', { name: 'Следующие процедуры' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предыдущие процедуры' })).toBeInTheDocument();
  });

  it('sends a call request once the policy box is ticked and confirms it', async () => {
    const api = stubApi({ 'GET /api/v1/public_briefcases': [], 'POST /api/v1/feedback/phone': null });
    renderWithProviders(<LandingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Заказать звонок: Настроить лотирование' }));
    expect(screen.getByRole('heading', { name: /Настроить лотирование/ })).toBeInTheDocument();
    fillCallRequest();
    const send = screen.getByRole('button', { name: 'Отправить заявку' }) as HTMLButtonElement;
    expect(send).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Я согласен с политикой обработки персональных данных'));
    fireEvent.click(send);
    expect(await screen.findByText('Заявка на звонок успешно отправлена')).toBeInTheDocument();
    expect(screen.getByText('Ожидайте звонка, скоро с вами свяжется оператор.')).toBeInTheDocument();
    const query = api.last('POST /api/v1/feedback/phone')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      phone: '79161234567',
      full_name: 'Иванов Иван Иванович',
      policy_agreement: 'true',
      mode: 'tune_lotting',
    });
  });

  it('says something went wrong for any reply but 200', async () => {
    stubApi({
      'GET /api/v1/public_briefcases': [],
      'POST /api/v1/feedback/phone': () => failure(429, 'rate_limited', 'Вы уже отправили несколько заявок'),
    });
    renderWithProviders(<LandingPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Заказать звонок: Найти ИНН должника' }));
    fillCallRequest();
    fireEvent.click(screen.getByLabelText('Я согласен с политикой обработки персональных данных'));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(
      await screen.findByText('Что-то пошло не так. Попробуйте отправить вашу заявку позднее'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('Заявка на звонок успешно отправлена')).not.toBeInTheDocument(),
    );
  });
});
