/**
 * Step 3's start date (decisions/0272): a date and time the seller types are kept minute for minute, even under a
 * day ahead; the spec's default start (the next full hour, or 11:00 of the day) is for a day first picked in the
 * calendar. An end that was the start's default follows the typed start.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildWizardLot } from '../../../test/factories.ts';
import { stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import type { WizardForm } from '../wizardForm.ts';
import { loadedAtStep3, StepThree } from './settingsStepHarness.tsx';

/** Saturday 28.11.2026, 16:05 in Moscow: the afternoon the journey first failed on. */
const now = new Date('2026-11-28T16:05:00+03:00');
const lot = buildWizardLot({ id: 5, amount_bottomline: 10_000_000_00, start_price: 500_000_00 });
/** A draft whose dates are not set yet. */
const loaded = loadedAtStep3(lot);
const initial = { ...loaded, form: { ...loaded.form, start_datetime: null, end_datetime: null } };

describe('step 3: the start the seller types', () => {
  it('keeps 29.11 16:30 typed on 28.11 at 16:05 (under a day ahead), and the end follows to 18:30', async () => {
    stubApi({});
    let form: WizardForm | null = null;
    renderWithProviders(<StepThree initial={initial} lot={lot} now={now} seen={(f) => (form = f)} />);
    const field = screen.getByTestId('start_datetime-field');
    const day = within(field).getAllByRole('spinbutton')[0]!;
    await act(async () => day.focus());
    // Typed key by key as the browser delivers it into the focused section (the picker moves on by itself).
    for (const digit of '291120261630') {
      const section = document.activeElement as HTMLElement;
      fireEvent.input(section, { target: { textContent: digit } });
    }
    expect(form!.start_datetime).toBe(new Date('2026-11-29T16:30:00+03:00').toISOString());
    expect(form!.end_datetime).toBe(new Date('2026-11-29T18:30:00+03:00').toISOString());
  });
});
