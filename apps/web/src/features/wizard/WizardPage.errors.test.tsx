/**
 * An administrator edits an active procedure (spec 1 §4, §5; issue 29 defect 9): its start and step are locked;
 * the server's field errors show beside their fields and its message beside the button, the first scrolled into
 * view.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../api/tokenStore.ts';
import { buildUser, buildWizardDraft } from '../../test/factories.ts';
import { failure, ok, stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { WizardPage } from './WizardPage.tsx';

const HOUR = 3_600_000;
let scrolled: Element[] = [];

beforeEach(() => {
  // Signed in, so the administrator is known as one.
  tokenStore.set({ token: 't', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  scrolled = [];
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  tokenStore.clear();
  vi.unstubAllGlobals();
});

function renderActive(save: () => Response) {
  const start = new Date(Date.now() - HOUR);
  const end = new Date(Date.now() + 2 * HOUR);
  const api = stubApi({
    'GET /time': () => ok({ time: new Date().toISOString(), unix_ms: Date.now() }),
    'GET /api/v1/user': buildUser({ role: 'admin' }),
    'GET /api/v1/briefcases/42/edit': () =>
      ok(
        buildWizardDraft(
          {
            briefcase_state: 'active',
            activity: 'banking',
            source_kind: 'overdue_loans',
            source_debtor_type: 'individuals',
            liability: 'unsecured',
            start_datetime: start.toISOString(),
            end_datetime: end.toISOString(),
            step_price: 1_000_00,
          },
          3,
        ),
      ),
    'PUT /api/v1/briefcases/42': save,
  });
  renderWithProviders(
    <Routes>
      <Route path="/briefcases/new/:id" element={<WizardPage />} />
    </Routes>,
    { path: '/briefcases/new/42', state: { from: 'admin' } },
  );
  return api;
}

/** The field's wrapper (MUI's form control) of a label. */
const controlOf = (testId: string) => screen.getByTestId(testId);

describe('WizardPage, an administrator on an active procedure', () => {
  it('locks the start and the step; a field error of the reply shows beside its field and is scrolled to', async () => {
    renderActive(() =>
      failure(422, 'validation_failed', 'Исправьте ошибки в настройках процедуры', {
        end_datetime: ['Должна быть больше даты начала'],
      }),
    );
    const start = await screen.findByTestId('start_datetime-field', {}, { timeout: 30_000 });
    const save = screen.getByRole('button', { name: 'Сохранить изменения' });
    await waitFor(() => expect(start.querySelector('input')).toBeDisabled(), { timeout: 30_000 });
    expect(screen.getByRole('textbox', { name: 'Шаг аукциона, ₽' })).toBeDisabled();

    fireEvent.click(save);
    const end = controlOf('end_datetime-field');
    await waitFor(() => expect(within(end).getByText('Должна быть больше даты начала')).toBeInTheDocument());
    await waitFor(() => expect(scrolled.length).toBeGreaterThan(0));
    expect(end.contains(scrolled[0]!)).toBe(true);
    // The reply's message sits beside the button, after the step's fields.
    const message = screen.getByTestId('wizard-failure');
    expect(message.textContent).toBe('Исправьте ошибки в настройках процедуры');
    expect(end.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a refusal without fields shows its message beside the button, scrolled to', async () => {
    renderActive(() => failure(409, 'conflict', 'У идущей процедуры нельзя изменить дату начала и шаг'));
    await screen.findByTestId('start_datetime-field', {}, { timeout: 30_000 });
    fireEvent.click(await screen.findByRole('button', { name: 'Сохранить изменения' }, { timeout: 30_000 }));
    const message = await screen.findByTestId('wizard-failure');
    expect(message.textContent).toBe('У идущей процедуры нельзя изменить дату начала и шаг');
    const button = screen.getByRole('button', { name: 'Сохранить изменения' });
    expect(message.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      controlOf('start_datetime-field').compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(scrolled).toContain(message));
  });
});
