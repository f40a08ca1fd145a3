import type { Survey } from '@etp/contracts';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { SurveyDialog } from './SurveyDialog.tsx';
import { useBecameFinished } from './useBecameFinished.ts';
import { useCsiTrigger } from './useCsiTrigger.ts';

const SURVEY: Survey = {
  action: 'trade',
  name: 'csi',
  title: 'Как прошли торги?',
  questions: [
    { id: 'satisfied', kind: 'bool', text: 'Вам было удобно участвовать в торгах?' },
    { id: 'rating', kind: 'rating', text: 'Оцените торги на площадке', max_rating: 5 },
    { id: 'comment', kind: 'string', text: 'Что нам стоит улучшить?', max_length: 250 },
  ],
};
const PATH = '/briefcases/42/trade';

function TradePage() {
  const prompt = useCsiTrigger(PATH, 42);
  return prompt && <SurveyDialog survey={prompt.survey} onSubmit={prompt.submit} onClose={prompt.dismiss} />;
}

async function openAfterDelay() {
  renderWithProviders(<TradePage />);
  await act(async () => {
    await vi.advanceTimersByTimeAsync(4900);
  });
  expect(screen.queryByText('Как прошли торги?')).not.toBeInTheDocument();
  await act(async () => {
    await vi.advanceTimersByTimeAsync(200);
  });
  expect(screen.getByText('Как прошли торги?')).toBeInTheDocument();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the satisfaction survey', () => {
  it('appears 5 s after the trigger, asks yes/no, then stars and a comment of at most 250 characters', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'GET /api/v1/csi/trigger': SURVEY, 'POST /api/v1/csi/rating': null });
    await openAfterDelay();
    expect(api.last('GET /api/v1/csi/trigger')?.query.get('path')).toBe(PATH);
    expect(screen.getByText('Вам было удобно участвовать в торгах?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Да' }));

    expect(screen.getByText('Вопрос 2 из 2')).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5 + 1);
    fireEvent.click(screen.getByLabelText('4 из 5'));
    fireEvent.change(screen.getByLabelText('Что нам стоит улучшить?'), {
      target: { value: 'x'.repeat(300) },
    });
    expect(screen.getByText('250 / 250')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));

    expect(await screen.findByText('Спасибо за ответ!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Как прошли торги?')).not.toBeInTheDocument());
    expect(api.last('POST /api/v1/csi/rating')?.body).toEqual({
      csi_action: 'trade',
      path: PATH,
      briefcase_id: 42,
      satisfied: true,
      rating: 4,
      comment: 'x'.repeat(250),
    });
    expect(sessionStorage.getItem('etp.surveys_closed')).toContain(PATH);
  });

  it('keeps the yes/no of a dialog closed at step 2, and is not asked again in the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubApi({ 'GET /api/v1/csi/trigger': SURVEY, 'POST /api/v1/csi/rating': null });
    await openAfterDelay();
    fireEvent.click(screen.getByRole('button', { name: 'Нет' }));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    await waitFor(() => expect(screen.queryByText('Как прошли торги?')).not.toBeInTheDocument());
    expect(api.last('POST /api/v1/csi/rating')?.body).toMatchObject({
      satisfied: false,
      rating: null,
      comment: null,
    });
  });

  it('does not ask for a survey closed earlier in this session', () => {
    sessionStorage.setItem('etp.surveys_closed', JSON.stringify([`csi:${PATH}`]));
    const api = stubApi({ 'GET /api/v1/csi/trigger': SURVEY });
    renderWithProviders(<TradePage />);
    expect(api.sent).toHaveLength(0);
  });

  it('waits for an open dialog to close instead of covering it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'GET /api/v1/csi/trigger': SURVEY });
    const busy = document.createElement('div');
    busy.setAttribute('role', 'dialog');
    document.body.append(busy);
    renderWithProviders(<TradePage />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(8000);
    });
    expect(screen.queryByText('Как прошли торги?')).not.toBeInTheDocument();
    busy.remove();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1100);
    });
    expect(screen.getByText('Как прошли торги?')).toBeInTheDocument();
  });
});

describe('the moment the survey is asked', () => {
  it('is the turn to finished while the page is open, not a visit to a procedure already finished', () => {
    const opened = renderHook(({ status }) => useBecameFinished(status), {
      initialProps: { status: undefined as string | undefined },
    });
    opened.rerender({ status: 'active' });
    expect(opened.result.current).toBe(false);
    opened.rerender({ status: 'finished' });
    expect(opened.result.current).toBe(true);

    const visited = renderHook(({ status }) => useBecameFinished(status), {
      initialProps: { status: undefined as string | undefined },
    });
    visited.rerender({ status: 'finished' });
    expect(visited.result.current).toBe(false);
  });
});
