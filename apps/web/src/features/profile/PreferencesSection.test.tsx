import type { Profile } from '@etp/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { ok, stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { PreferencesSection } from './PreferencesSection.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STEPS = 'Шаги сделки по моим лотам: подписание, оплата, передача реестра';

function profileWith(steps: boolean): Profile {
  return {
    ...buildUser(),
    notifications_settings: {
      lot_mailer: { won: true, lost: true, ousted: true, started: true, finished: true, daily_summary: true },
      autobid_mailer: { maxed_out: true },
      invitation_mailer: { invited: true },
      deal_mailer: { steps },
    },
  };
}

describe('the deal steps switch among the e-mail notifications', () => {
  it('shows the setting under "Сделки" with the note that a failing deal is always mailed, and saves it off', async () => {
    const api = stubApi({ 'PUT /api/v1/profile': ok(profileWith(false), 'Данные профиля обновлены') });
    renderWithProviders(<PreferencesSection profile={profileWith(true)} />);
    const group = screen.getByText('Сделки').closest('fieldset, [role="group"], .MuiFormGroup-root');
    const toggle = screen.getByRole('switch', { name: STEPS }) as HTMLInputElement;
    expect(group?.contains(toggle)).toBe(true);
    expect(toggle.checked).toBe(true);
    const note = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(
      'О том, что сделка не состоялась, отменена или лот предложен второму участнику, мы пишем всегда: пропущенный срок может сорвать сделку.',
    );
    fireEvent.click(toggle);
    await waitFor(() => expect(api.last('PUT /api/v1/profile')).toBeDefined());
    const form = api.last('PUT /api/v1/profile')?.body as FormData;
    expect([...form.entries()]).toEqual([['notifications_settings[deal_mailer][steps]', 'false']]);
  });

  it('shows the switch off when the user turned deal steps off', () => {
    stubApi({});
    renderWithProviders(<PreferencesSection profile={profileWith(false)} />);
    expect((screen.getByRole('switch', { name: STEPS }) as HTMLInputElement).checked).toBe(false);
  });
});
