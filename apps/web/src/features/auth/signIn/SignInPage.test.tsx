import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/tokenStore.ts';
import { buildAuthResult, buildFilledFlags } from '../../../test/factories.ts';
import { failure, ok, stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { SignInPage } from './SignInPage.tsx';

const MASKED = '+7 916 ***-**-67';
const methods = { flash_call: false, sms: true, email: true, bank_id: false };

function signInWithEmail() {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@example.ru' } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: 'Secret-123' } });
  fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
}

function typeCode(code: string) {
  [...code].forEach((digit, i) => {
    fireEvent.change(screen.getByLabelText(`Код из SMS, цифра ${i + 1}`), { target: { value: digit } });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('SignInPage', () => {
  it('asks an account without a name for it, sends the code and signs in with the 4th digit', async () => {
    const api = stubApi({
      'GET /auth_methods': methods,
      'POST /api/v2/auth/authorize_by_email': buildAuthResult({ filled: { has_first_name: false } }),
      'GET /api/v1/user/sign_out': null,
      'POST /api/v2/auth/sms_data_not_filled': { phone: MASKED, resend_in: 120 },
      'POST /api/v2/auth/authorize_data_not_filled': buildAuthResult(),
    });
    sessionStorage.setItem('etp.referer', '/profile');
    const { router } = renderWithProviders(<SignInPage />, { path: '/users/sign_in' });
    signInWithEmail();

    expect(await screen.findByRole('heading', { name: 'Укажите имя и фамилию' })).toBeInTheDocument();
    expect(tokenStore.get()).toBeNull();
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Petrova' } });
    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Анна' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(
      screen.getByText('Заполните поле русскими буквами без цифр и знаков препинания'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Петрова' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));

    expect(await screen.findByText(`Мы отправили код из 4 цифр на номер ${MASKED}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Отправить код повторно через 2:00/ })).toHaveProperty(
      'disabled',
      true,
    );
    typeCode('1234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(tokenStore.get()?.token).toBe('access');
    expect(api.last('POST /api/v2/auth/authorize_data_not_filled')?.body).toEqual({
      first_name: 'Анна',
      last_name: 'Петрова',
      email: 'anna@example.ru',
      password: 'Secret-123',
      code: '1234',
    });
  });

  it('opens the sms stage when the server requires the code, and shows a wrong code under the boxes', async () => {
    let attempts = 0;
    stubApi({
      'GET /auth_methods': methods,
      'POST /api/v2/auth/authorize_by_email': () =>
        failure(403, 'sms_required', 'Для входа подтвердите вход кодом из SMS'),
      'POST /api/v2/auth/sms': { sent: true, phone: MASKED, resend_in: 120, filled: buildFilledFlags() },
      'POST /api/v2/auth/authorize': () =>
        ++attempts === 1
          ? failure(422, 'code_invalid', 'Неверный код', { code: ['Неверный код'] })
          : ok(buildAuthResult()),
    });
    const { router } = renderWithProviders(<SignInPage />, { path: '/users/sign_in' });
    signInWithEmail();
    expect(await screen.findByRole('heading', { name: 'Подтверждение входа' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Это не мой номер' })).toBeInTheDocument();
    typeCode('1111');
    expect(await screen.findByText('Неверный код')).toBeInTheDocument();
    typeCode('2222');
    await waitFor(() => expect(router.state.location.pathname).toBe('/briefcases'));
  });

  it('finds an account by phone and asks for what it lacks, then its password', async () => {
    const api = stubApi({
      'GET /auth_methods': methods,
      'POST /api/v2/auth/info_by_phone': buildFilledFlags({ has_email: false }),
      'POST /api/v2/auth/sms_data_not_filled': { phone: MASKED, resend_in: 120 },
    });
    renderWithProviders(<SignInPage />, { path: '/users/sign_in?stage=noEmail' });
    expect(screen.getByRole('heading', { name: 'Вход по номеру телефона' })).toBeInTheDocument();
    const phone = screen.getByLabelText('Номер телефона') as HTMLInputElement;
    fireEvent.focus(phone);
    expect(phone.value).toBe('+7 ');
    fireEvent.change(phone, { target: { value: '+7 9161234567' } });
    expect(phone.value).toBe('+7 916 123-45-67');
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));

    expect(await screen.findByRole('heading', { name: 'Укажите Email' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText('Введите пароль от вашего аккаунта.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Пароль от аккаунта'), { target: { value: 'Secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(await screen.findByText(`Мы отправили код из 4 цифр на номер ${MASKED}`)).toBeInTheDocument();
    expect(api.last('POST /api/v2/auth/sms_data_not_filled')?.body).toEqual({
      phone: '79161234567',
      password: 'Secret-123',
    });
  });

  it('shows the toast an arrival flag asks for and the bank button only when it is configured', async () => {
    stubApi({
      'GET /auth_methods': { ...methods, bank_id: true },
      'GET /users/auth/authenticity_token': { authenticity_token: 'form-token' },
    });
    const { router } = renderWithProviders(<SignInPage />, { path: '/users/sign_in?password_changed=1' });
    expect(await screen.findByText('Пароль изменён. Войдите с новым паролем.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    // The spec's form post under /users/auth/ with an authenticity token, enabled once the token is there.
    const button = (await screen.findByRole('button', { name: 'Войти через банк' })) as HTMLButtonElement;
    await waitFor(() => expect(button).toBeEnabled());
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/users/auth/bank_id');
    expect(new FormData(form).get('authenticity_token')).toBe('form-token');
  });

  it('tells a visitor whose bank sign-in failed to contact support, without a bank button when it is off', async () => {
    stubApi({ 'GET /auth_methods': methods });
    renderWithProviders(<SignInPage />, { path: '/users/sign_in?oauth_failed=1' });
    expect(
      await screen.findByText(/Не удалось войти через банк. Обратитесь в службу поддержки/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Войти через банк' })).not.toBeInTheDocument();
  });
});
