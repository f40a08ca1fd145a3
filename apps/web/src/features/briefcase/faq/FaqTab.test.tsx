import type { Question, QuestionsPage } from '@etp/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../../api/tokenStore.ts';
import { buildBriefcaseCard } from '../../../test/factories.ts';
import { ok, stubApi } from '../../../test/fakeServer.ts';
import { FakeSocketServer } from '../../../test/fakeSocket.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import FaqTab from './FaqTab.tsx';

const question = (id: number, answer: string | null): Question => ({
  id,
  title: `Вопрос ${id}`,
  answer,
  status: answer ? 'answered' : 'unanswered',
  attached_document: null,
  active: answer !== null,
  is_own: true,
  created_at: '2026-11-22T09:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
});

let server: FakeSocketServer;
let answer: QuestionsPage;
let reads = 0;

beforeEach(() => {
  server = new FakeSocketServer();
  reads = 0;
  tokenStore.set({ token: 'access', expires_at: '', refresh_token: 'r', refresh_token_expires_at: '' });
  stubApi({
    'GET /api/v1/briefcases/42/questions': () => {
      reads++;
      return ok(answer);
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  tokenStore.clear();
});

const card = buildBriefcaseCard({ id: 42, status: 'active' });
const page = (questions: Question[]): QuestionsPage => ({
  questions,
  total_pages: 1,
  total_count: questions.length,
  page: 1,
  per_page: 20,
  can_ask: true,
  can_manage: false,
});

describe('the FAQ tab, live (decisions/0180)', () => {
  it('follows BriefcaseQuestions and shows a published answer without a reload', async () => {
    answer = page([question(5, null)]);
    renderWithProviders(<FaqTab briefcase={card} />, { createSocket: server.create });
    expect(await screen.findByText('Вопрос 5')).toBeInTheDocument();
    await waitFor(() =>
      expect(server.current?.sent).toContainEqual({
        command: 'subscribe',
        channel: 'BriefcaseQuestions',
        briefcase_id: 42,
      }),
    );
    const before = reads;

    answer = page([question(5, 'Да, передаются.')]);
    await act(async () => {
      server.current!.push({
        channel: 'BriefcaseQuestions',
        briefcase_id: 42,
        action: 'questions',
        payload: { briefcase_id: 42, question_id: 5, change: 'updated' },
        t: Date.now(),
      });
    });
    expect(await screen.findByText('Да, передаются.')).toBeInTheDocument();
    expect(reads).toBeGreaterThan(before);
  });
});
