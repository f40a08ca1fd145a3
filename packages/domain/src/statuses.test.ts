import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_STATUSES,
  BRIEFCASE_STATUSES,
  briefcaseStatusLabel,
  DISABLED_PUBLIC_STATUSES,
  isBriefcaseStatus,
  isLotStatus,
  LOT_STATUS_LABELS,
  LOT_STATUSES,
  lotNextRoundLabel,
  STATISTICS_STATUSES,
  STATUS_FILTER_GROUPS,
  statusesOfFilter,
  statusIn,
} from './statuses.ts';

describe('procedure status labels', () => {
  it('match spec 3 §3 to the letter', () => {
    expect(BRIEFCASE_STATUSES.map((s) => briefcaseStatusLabel(s, 2))).toEqual([
      'Новая',
      'На согласовании',
      'Отменена',
      'Согласована',
      'Проводится',
      'Подведение итогов',
      'Завершена',
      'Завершена без ставок',
      'Недействительна',
      'Продлена на 2 тур',
    ]);
  });

  it('name the next round even when its number is unknown', () => {
    expect(briefcaseStatusLabel('closed_with_next_round', 3)).toBe('Продлена на 3 тур');
    expect(briefcaseStatusLabel('closed_with_next_round')).toBe('Продлена на следующий тур');
    expect(lotNextRoundLabel(2)).toBe('Продлен на 2 тур');
  });

  it('recognise statuses', () => {
    expect(isBriefcaseStatus('closed_without_bids')).toBe(true);
    expect(isBriefcaseStatus('all_active')).toBe(false);
    expect(isBriefcaseStatus(undefined)).toBe(false);
  });
});

describe('status groups', () => {
  it('hold the spec lists', () => {
    expect([...ARCHIVE_STATUSES].sort()).toEqual(
      ['closed', 'closed_without_bids', 'closed_without_winners', 'rejected'].sort(),
    );
    expect(DISABLED_PUBLIC_STATUSES).toEqual(ARCHIVE_STATUSES);
    expect(statusIn('closed_with_next_round', STATISTICS_STATUSES)).toBe(true);
    expect(statusIn('ready', STATISTICS_STATUSES)).toBe(false);
    expect(statusIn('closed_with_next_round', ARCHIVE_STATUSES)).toBe(false);
  });

  it('all_active, all_closed and rejected partition every status', () => {
    const covered = [...STATUS_FILTER_GROUPS.all_active, ...STATUS_FILTER_GROUPS.all_closed, 'rejected'];
    expect(covered.sort()).toEqual([...BRIEFCASE_STATUSES].sort());
  });

  it('expand a filter value into statuses', () => {
    expect(statusesOfFilter('all_archived')).toEqual(ARCHIVE_STATUSES);
    expect(statusesOfFilter('ready')).toEqual(['ready']);
    expect(statusesOfFilter('all_active')).toContain('active');
  });
});

describe('lot statuses', () => {
  it('each has a label', () => {
    expect(LOT_STATUSES.map((s) => LOT_STATUS_LABELS[s])).toEqual([
      'Новый',
      'На согласовании',
      'Ожидает начала',
      'Идут торги',
      'Подведение итогов',
      'Завершён',
    ]);
    expect(isLotStatus('active')).toBe(true);
    expect(isLotStatus('rejected')).toBe(false);
  });
});
