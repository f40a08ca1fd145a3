import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/tokenStore.ts';
import { buildFilledFlags, buildUser } from '../../../test/factories.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { EmailSignInForm } from './EmailSignInForm.tsx';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string, message: string) =>
  reply(status, { status: 'error', data: null, message, errors: {}, code });

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: password } });
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Войти' }));

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
  sessionStorage.clear();
});

describe('EmailSignInForm', () => {
  it('keeps "Войти" disabled until both e-mail and password are typed', () => {
    renderWithProviders(<EmailSignInForm />, { path: '/users/sign_in' });
    const button = screen.getByRole('button', { name: 'Войти' }) as HTMLButtonElement;
    expect(button).toBeDisabled();
    fill('anna@example.ru', '');
    expect(button).toBeDisabled();
    fill('anna@example.ru', 'secret123');
    expect(button).toBeEnabled();
  });

  it('asks for at least 8 characters of password without calling the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<EmailSignInForm />, { path: '/users/sign_in' });
    fill('anna@example.ru', 'short');
    submit();
    expect(screen.getByText('Длина пароля должна быть не менее 8 символов')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows user_not_found on the e-mail field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failure(404, 'user_not_found', 'Пользователь с таким Email не найден')),
    );
    renderWithProviders(<EmailSignInForm />, { path: '/users/sign_in' });
    fill('nobody@example.ru', 'secret123');
    submit();
    const message = await screen.findByText('Пользователь с таким Email не найден');
    expect(message.id).toBe(screen.getByLabelText('Email').getAttribute('aria-describedby'));
  });

  it('shows a wrong password on the password field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => failure(401, 'invalid_credentials', 'Неверный пароль')),
    );
    renderWithProviders(<EmailSignInForm />, { path: '/users/sign_in' });
    fill('anna@example.ru', 'secret123');
    submit();
    const message = await screen.findByText('Неверный пароль');
    expect(message.id).toBe(screen.getByLabelText('Пароль').getAttribute('aria-describedby'));
  });

  it('stores the tokens and returns to the page that asked for sign-in', async () => {
    sessionStorage.setItem('etp.referer', '/briefcases/42/trade');
    const result = {
      jwt: { token: 'a', expires_at: 'x', refresh_token: 'r', refresh_token_expires_at: 'y' },
      profile: buildUser(),
      filled: buildFilledFlags(),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => reply(200, { status: 'ok', data: result, message: null, errors: {} })),
    );
    const { router } = renderWithProviders(<EmailSignInForm />, { path: '/users/sign_in' });
    fill('anna@example.ru', 'secret123');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/briefcases/42/trade'));
    expect(tokenStore.get()?.token).toBe('a');
    expect(localStorage.getItem('etp.authorized')).toBe('1');
  });

  it('says the server could not be reached, under the password and in a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<EmailSignInForm />, { path: '/users/sign_in' });
    fill('anna@example.ru', 'secret123');
    submit();
    await waitFor(() =>
      expect(
        screen.getAllByText('Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.'),
      ).toHaveLength(2),
    );
  });
});
