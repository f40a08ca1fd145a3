import { describe, expect, it } from 'vitest';
import { canAskQuestion, canManageQuestions, questionState, seesEveryQuestion } from './faq.ts';
import { BRIEFCASE_STATUSES } from './statuses.ts';

const participant = { admin: false, master: false };
const seller = { admin: false, master: true };
const admin = { admin: true, master: false };

describe('FAQ rules', () => {
  it('lets a participant ask only while the procedure is ready or active', () => {
    expect(BRIEFCASE_STATUSES.filter((s) => canAskQuestion(participant, s))).toEqual(['ready', 'active']);
  });

  it('never lets the seller or an administrator ask (the administrator adds instead)', () => {
    expect(BRIEFCASE_STATUSES.some((s) => canAskQuestion(seller, s) || canAskQuestion(admin, s))).toBe(false);
  });

  it('gives managing to administrators alone, and every question to them and the seller', () => {
    expect([participant, seller, admin].map(canManageQuestions)).toEqual([false, false, true]);
    expect([participant, seller, admin].map(seesEveryQuestion)).toEqual([false, true, true]);
  });

  it('derives the status from the answer and the publication', () => {
    expect(questionState(null, false)).toEqual({ status: 'unanswered', active: false });
    expect(questionState('Да', false)).toEqual({ status: 'draft', active: false });
    expect(questionState('Да', true)).toEqual({ status: 'answered', active: true });
    expect(questionState(null, true)).toBeNull();
  });
});
