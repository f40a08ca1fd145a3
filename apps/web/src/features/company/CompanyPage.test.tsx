import type { Company } from '@etp/contracts';
import { innOrganisation } from '@etp/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { CompanyPage } from './CompanyPage.tsx';

const INN = innOrganisation('770123456');

async function fillLegalEntity() {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Тип участника' }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Юридическое лицо' }));
  fireEvent.change(screen.getByLabelText('Краткое наименование'), { target: { value: 'ООО «Проверка»' } });
  fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: INN } });
}

afterEach(() => vi.unstubAllGlobals());

describe('CompanyPage', () => {
  it('enables sending only under the save rule, then says the organisation went to accreditation', async () => {
    const api = stubApi({
      'GET /api/v1/company': null,
      'GET /api/v1/company/user/invite_company_info': null,
      'POST /api/v1/company': () =>
        ok({
          id: 5,
          kind: 'legal',
          accreditation_status: 'pending',
          owner: true,
          documents: [],
          bank_account: {},
        }),
    });
    renderWithProviders(<CompanyPage />, { path: '/profile/client' });
    await fillLegalEntity();
    const send = (await screen.findByRole('button', {
      name: 'Отправить на аккредитацию',
    })) as HTMLButtonElement;
    fireEvent.click(screen.getByLabelText(/Подтверждаю достоверность данных/));
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Фактический адрес'), {
      target: { value: 'Москва, Тверская, 1' },
    });
    expect(send).toBeEnabled();
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: '12345' } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByLabelText('ИНН'), { target: { value: INN } });
    fireEvent.change(screen.getByLabelText('КПП'), { target: { value: '77' } });
    fireEvent.click(send);
    expect(screen.getByText('КПП должен содержать 9 символов')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('КПП'), { target: { value: '' } });
    fireEvent.click(send);
    expect(await screen.findByText('Организация отправлена на аккредитацию')).toBeInTheDocument();
    const form = api.last('POST /api/v1/company')?.body as FormData;
    expect(form.get('inn')).toBe(INN);
    expect(form.get('agreement')).toBe('true');
  });

  it('sends a user without a name to the profile with the hint to fill it', async () => {
    stubApi({
      'GET /api/v1/company': null,
      'GET /api/v1/company/user/invite_company_info': null,
      'POST /api/v1/company': () =>
        failure(422, 'validation_failed', 'Проверьте правильность заполнения полей', {
          first_name: ['Заполните поле'],
        }),
    });
    const { router } = renderWithProviders(<CompanyPage />, { path: '/profile/client' });
    await fillLegalEntity();
    fireEvent.change(screen.getByLabelText('Фактический адрес'), {
      target: { value: 'Москва, Тверская, 1' },
    });
    fireEvent.click(screen.getByLabelText(/Подтверждаю достоверность данных/));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить на аккредитацию' }));
    expect(await screen.findByText(/Заполните имя и фамилию в профиле/)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('shows a collaborator the company without the form', async () => {
    const company = {
      id: 5,
      kind: 'bank',
      name: 'АО «Банк»',
      owner: false,
      accreditation_status: 'approved',
    };
    stubApi({
      'GET /api/v1/company': {
        ...company,
        accredited_at: '2026-05-01T00:00:00Z',
        documents: [],
        bank_account: {},
      } as unknown as Company,
      'GET /api/v1/company/user/invite_company_info': null,
    });
    renderWithProviders(<CompanyPage />, { path: '/profile/client' });
    expect(
      await screen.findByText('Изменять данные компании может только её администратор.'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Компания аккредитована 01.05.2026. Доступ к торгам открыт.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отправить на аккредитацию' })).not.toBeInTheDocument();
  });
});
