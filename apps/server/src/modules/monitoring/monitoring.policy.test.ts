import { describe, expect, it } from 'vitest';
import { isMonitored, visitStatus } from './monitoring.policy.ts';

const now = new Date('2026-11-22T09:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('isMonitored', () => {
  it('collects visits from 30 minutes before the start and while trading', () => {
    expect(isMonitored({ status: 'ready', startDatetime: minutes(30) }, now)).toBe(true);
    expect(isMonitored({ status: 'ready', startDatetime: minutes(31) }, now)).toBe(false);
    expect(isMonitored({ status: 'active', startDatetime: minutes(-60) }, now)).toBe(true);
    expect(isMonitored({ status: 'finished', startDatetime: minutes(-60) }, now)).toBe(false);
    expect(isMonitored({ status: 'pending', startDatetime: minutes(10) }, now)).toBe(false);
    expect(isMonitored({ status: 'ready', startDatetime: null }, now)).toBe(false);
  });
});

describe('visitStatus', () => {
  it('turns a visit not seen for two minutes offline', () => {
    const visit = { status: 'away' as const, endedAt: null, lastSeenAt: minutes(-1) };
    expect(visitStatus(visit, now)).toBe('away');
    expect(visitStatus({ ...visit, lastSeenAt: minutes(-2) }, now)).toBe('offline');
    expect(visitStatus({ ...visit, endedAt: minutes(-1) }, now)).toBe('offline');
  });
});
