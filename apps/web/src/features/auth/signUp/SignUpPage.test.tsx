import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/tokenStore.ts';
import { buildAuthResult } from '../../../test/factories.ts';
import { failure, stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { SignUpPage } from './SignUpPage.tsx';

const MASKED = '+7 916 ***-**-67';

function typePhone() {
  const phone = screen.getByLabelText('Номер телефона');
  fireEvent.focus(phone);
  fireEvent.change(phone, { target: { value: '+7 9161234567' } });
  fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('SignUpPage', () => {
  it('says that a registered phone has an account, with a link to sign in', async () => {
    stubApi({
      'POST /api/v2/registrations/sms': () =>
        failure(409, 'user_exists', 'Пользователь с таким номером телефона уже зарегистрирован', {
          phone: ['Пользователь с таким номером телефона уже зарегистрирован'],
        }),
    });
    renderWithProviders(<SignUpPage />, { path: '/users/sign_up' });
    typePhone();
    expect(
      await screen.findByText(/Пользователь с таким номером телефона уже зарегистрирован\./),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Войти' })[0]?.getAttribute('href')).toBe('/users/sign_in');
  });

  it('registers through every stage and opens the feed flagged for a new user', async () => {
    const api = stubApi({
      'POST /api/v2/registrations/sms': { phone: MASKED, resend_in: 120 },
      'POST /api/v2/registrations/check_sms': null,
      'POST /api/v2/registrations': buildAuthResult({ user: { first_name: null, last_name: null } }),
    });
    const { router } = renderWithProviders(<SignUpPage />, { path: '/users/sign_up' });
    expect(screen.getByText('Шаг 1 из 5')).toBeInTheDocument();
    typePhone();
    expect(await screen.findByText(`Мы отправили код из 4 цифр на номер ${MASKED}`)).toBeInTheDocument();
    [...'1234'].forEach((digit, i) => {
      fireEvent.change(screen.getByLabelText(`Код из SMS, цифра ${i + 1}`), { target: { value: digit } });
    });

    expect(await screen.findByText('Шаг 3 из 5')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'иван@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(screen.getByText('Email не может содержать русские буквы')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ivan@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));

    fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: 'Secret-124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));

    const register = screen.getByRole('button', { name: 'Зарегистрироваться' }) as HTMLButtonElement;
    fireEvent.click(screen.getByLabelText('Я ознакомлен(а) с Политикой обработки персональных данных'));
    expect(register).toBeDisabled();
    fireEvent.click(screen.getByLabelText('Я даю согласие на обработку моих персональных данных'));
    fireEvent.click(register);
    await waitFor(() => expect(router.state.location.search).toBe('?new_user=1'));
    expect(router.state.location.pathname).toBe('/briefcases');
    expect(api.last('POST /api/v2/registrations')?.body).toEqual({
      phone: '79161234567',
      code: '1234',
      email: 'ivan@example.ru',
      password: 'Secret-123',
      policy_agreement: true,
      pers_data_agreement: true,
    });
  });
});
