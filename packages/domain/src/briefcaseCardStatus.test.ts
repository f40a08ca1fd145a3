import { describe, expect, it } from 'vitest';
import type { AuctionType } from './auctionTypes.ts';
import {
  briefcaseCardStatus,
  type CardStatusBriefcase,
  isEndingSoon,
  showsCardTimeLine,
  tradingStartText,
} from './briefcaseCardStatus.ts';
import { BRIEFCASE_STATUSES, type BriefcaseStatus } from './statuses.ts';

const start = '2026-11-22T08:00:00Z'; // 11:00 Moscow
const end = '2026-11-22T10:00:00Z'; // 13:00 Moscow
const endMs = Date.parse(end);
const card = (status: BriefcaseStatus, auction_type: AuctionType = 'classic'): CardStatusBriefcase => ({
  status,
  auction_type,
  start_datetime: start,
  end_datetime: end,
});

describe('isEndingSoon', () => {
  it('is 5 minutes for open formats and 5 hours for sealed ones', () => {
    expect(isEndingSoon(endMs, endMs - 300_000, 'classic')).toBe(true);
    expect(isEndingSoon(endMs, endMs - 300_001, 'classic')).toBe(false);
    expect(isEndingSoon(endMs, endMs - 3 * 3_600_000, 'dutch')).toBe(false);
    expect(isEndingSoon(endMs, endMs - 3 * 3_600_000, 'private_requests')).toBe(true);
    expect(isEndingSoon(endMs, endMs - 5 * 3_600_000, 'bank_to_bank')).toBe(true);
    expect(isEndingSoon(endMs, endMs + 1000, 'classic')).toBe(true);
  });
});

describe('briefcaseCardStatus', () => {
  const now = Date.parse('2026-11-20T00:00:00Z');

  it('reads as planned before approval', () => {
    expect(briefcaseCardStatus(card('created'), now)).toEqual({
      text: 'Планируемая торговая процедура',
      tone: 'planned',
    });
    expect(briefcaseCardStatus(card('pending'), now).tone).toBe('planned');
  });

  it('gives the Moscow start for a ready procedure', () => {
    expect(briefcaseCardStatus(card('ready'), now)).toEqual({
      text: 'Пройдёт 22.11.2026, 11:00 МСК',
      tone: 'upcoming',
    });
    expect(briefcaseCardStatus({ ...card('ready'), start_datetime: null }, now).tone).toBe('planned');
  });

  it('gives the end while active, then a countdown when ending soon', () => {
    expect(briefcaseCardStatus(card('active'), endMs - 3_600_000)).toEqual({
      text: 'Завершится 22.11.2026, 13:00 МСК',
      tone: 'active',
    });
    expect(briefcaseCardStatus(card('active'), endMs - 299_000)).toEqual({
      text: '00:04:59',
      tone: 'ending',
    });
    expect(briefcaseCardStatus(card('active', 'private_requests'), endMs - 3_600_000)).toEqual({
      text: '01:00:00',
      tone: 'ending',
    });
    expect(briefcaseCardStatus(card('active'), endMs + 5000)).toEqual({ text: '00:00:00', tone: 'ending' });
  });

  it('gives the end date once finished or closed', () => {
    for (const status of [
      'finished',
      'closed',
      'closed_without_bids',
      'closed_without_winners',
      'closed_with_next_round',
    ] as const) {
      expect(briefcaseCardStatus(card(status), now)).toEqual({
        text: 'Завершена 22.11.2026',
        tone: 'finished',
      });
    }
    expect(briefcaseCardStatus({ ...card('closed'), end_datetime: null }, now).text).toBe('Завершена');
  });

  it('reads as cancelled when rejected', () => {
    expect(briefcaseCardStatus(card('rejected'), now)).toEqual({ text: 'Торги отменены', tone: 'cancelled' });
  });

  it('handles every status', () => {
    for (const status of BRIEFCASE_STATUSES) expect(briefcaseCardStatus(card(status), now).text).not.toBe('');
  });
});

describe('one status, one text on the card page', () => {
  it('shows the time line beside the status label only for ready and active procedures', () => {
    expect(BRIEFCASE_STATUSES.filter(showsCardTimeLine)).toEqual(['ready', 'active']);
  });

  it('says when trading starts, and nothing of a start for a cancelled procedure', () => {
    expect(tradingStartText('pending')).toBe('Торги начнутся');
    expect(tradingStartText('ready')).toBe('Торги начнутся');
    expect(tradingStartText('active')).toBe('Торги начались');
    expect(tradingStartText('closed')).toBe('Торги начались');
    expect(tradingStartText('rejected')).toBeNull();
  });
});
