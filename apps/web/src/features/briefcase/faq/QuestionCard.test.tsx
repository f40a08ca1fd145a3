import type { Question } from '@etp/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { QuestionCard } from './QuestionCard.tsx';

const question = (overrides: Partial<Question> = {}): Question => ({
  id: 5,
  title: 'Есть ли в портфеле банкроты?',
  answer: null,
  status: 'unanswered',
  attached_document: null,
  active: false,
  is_own: false,
  created_at: '2026-11-22T09:00:00.000Z',
  updated_at: '2026-11-22T09:00:00.000Z',
  ...overrides,
});

const noop = () => undefined;
const render = (q: Question, canManage: boolean) =>
  renderWithProviders(
    <QuestionCard
      question={q}
      canManage={canManage}
      busy={false}
      onEdit={noop}
      onPublish={noop}
      onDelete={noop}
    />,
  );

describe('QuestionCard', () => {
  it('shows a participant their own unanswered question, without any action', () => {
    render(question({ is_own: true }), false);
    const card = screen.getByRole('article', { name: 'Есть ли в портфеле банкроты?' });
    expect(within(card).getByText('Без ответа')).toBeInTheDocument();
    expect(within(card).getByText('Ваш вопрос')).toBeInTheDocument();
    expect(within(card).getByText('Ответ готовится')).toBeInTheDocument();
    expect(within(card).getByText(/^Вопрос задан 22\.11\.2026 12:00/)).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers the administrator publishing only once a draft has an answer', () => {
    const { unmount } = render(question(), true);
    expect(screen.queryByRole('button', { name: 'Опубликовать' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
    unmount();
    render(question({ answer: 'Нет', status: 'draft' }), true);
    expect(screen.getByText('Черновик')).toBeInTheDocument();
    expect(screen.getByText('Не опубликован')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Опубликовать' })).toBeInTheDocument();
  });

  it('shows a published answer with its document, and the administrator may withdraw it', () => {
    render(
      question({
        answer: 'Нет, банкротов нет.',
        status: 'answered',
        active: true,
        attached_document: { id: 1, name: 'Справка.pdf', extension: 'pdf', bytes_size: 2048, link: '/x' },
      }),
      true,
    );
    expect(screen.queryByText('Без ответа')).not.toBeInTheDocument();
    expect(screen.getByText('Нет, банкротов нет.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Скачать Справка.pdf' })).toBeInTheDocument();
    expect(screen.getByText('PDF, 2 КБ')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Снять с публикации' })).toBeInTheDocument();
  });
});
