import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import DealSignDialog from './DealSignDialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing the agreement by SMS code', () => {
  it('shows the masked phone, then the server’s refusal of the code under the code boxes', async () => {
    const api = stubApi({
      'POST /api/v1/deals/7/sign_code': { phone: '+7 917 ***-**-05', resend_in: 120 },
      'POST /api/v1/deals/7/sign': () => failure(422, 'invalid_code', 'Неверный код'),
    });
    renderWithProviders(<DealSignDialog dealId={7} method="sms" onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect((await screen.findByTestId('deal-sign-phone')).textContent).toBe(
      'Код отправлен на +7 917 ***-**-05',
    );
    // The server's pause: no second code before it ends.
    expect(screen.getByRole('button', { name: /Отправить код повторно через 2:00/ })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Код из SMS, цифра 1' }), {
      target: { value: '1234' },
    });
    const message = await screen.findByText('Неверный код');
    expect(api.last('POST /api/v1/deals/7/sign')?.body).toEqual({ code: '1234' });
    const group = screen.getByRole('group', { name: 'Код из SMS' });
    expect(group.contains(message)).toBe(true);
  });

  it('refuses a scan that is not a PDF beside the file field, before any upload', async () => {
    const api = stubApi({});
    renderWithProviders(<DealSignDialog dealId={7} method="scan" onClose={() => {}} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'scan.jpg', { type: 'image/jpeg' })] } });
    expect(await screen.findByText('Загрузите файл в формате PDF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Загрузить и подписать' })).toHaveProperty('disabled', true);
    expect(api.sent).toEqual([]);
  });
});
