import { describe, expect, it } from 'vitest';
import { applyRenewal, canRenew, countdown, lotsToRenew } from './renewal.ts';
import { buildLot, MIN, T0 } from './testLots.ts';

const lot = buildLot();
const end = lot.end_ms;
const player = { isOwner: false, isAdmin: false, hasBid: true };

describe('+N мин', () => {
  it('is allowed once, to a participant with a bid, in the last 5 minutes', () => {
    expect(canRenew(lot, player, end - 5 * MIN)).toEqual({ ok: true });
    expect(canRenew(lot, player, end - 1)).toEqual({ ok: true });
    expect(canRenew(lot, player, end - 5 * MIN - 1)).toMatchObject({
      ok: false,
      message: 'Продлить торги можно в последние 5 минут',
    });
    expect(canRenew(lot, { ...player, hasBid: false }, end - MIN)).toMatchObject({ code: 'forbidden' });
    expect(canRenew(lot, { ...player, isOwner: true }, end - MIN)).toMatchObject({ code: 'forbidden' });
    expect(canRenew(lot, { ...player, isAdmin: true }, end - MIN)).toMatchObject({ code: 'forbidden' });
    expect(canRenew({ ...lot, renewals_count: 1 }, player, end - MIN)).toMatchObject({
      message: 'Время торгов по лоту уже продлевалось',
    });
    expect(canRenew(lot, player, end)).toMatchObject({ message: 'Торги по лоту не проводятся' });
  });
  it('adds lot_renewal_minutes to the end and counts the renewal', () => {
    const { lot: renewed, events } = applyRenewal(lot, end - MIN);
    expect(renewed.end_ms).toBe(end + 10 * MIN);
    expect(renewed.renewals_count).toBe(1);
    expect(events).toEqual([
      { type: 'lot_extended', lotId: 1, reason: 'renewal', fromMs: end, toMs: end + 10 * MIN },
    ]);
    expect(canRenew(renewed, player, renewed.end_ms - MIN).ok).toBe(false);
    expect(() => applyRenewal(lot, end)).toThrow();
  });
  it('extends every lot when the procedure has a composite lot', () => {
    expect(lotsToRenew(true, 2, [1, 2, 3])).toEqual([1, 2, 3]);
    expect(lotsToRenew(false, 2, [1, 2, 3])).toEqual([2]);
  });
});

describe('countdown', () => {
  it('targets the start while ready and the end while active, corrected by the server offset', () => {
    expect(countdown({ ...lot, status: 'ready' }, T0 - 90 * 1000)).toMatchObject({
      target: 'start',
      remainingMs: 90_000,
      text: '01:30',
      warning: false,
    });
    const c = countdown(lot, end - 3 * MIN - 2000, 2000);
    expect(c).toMatchObject({
      target: 'end',
      remainingMs: 3 * MIN,
      text: '03:00',
      warning: true,
      extendWindow: true,
    });
    expect(countdown(lot, T0)).toMatchObject({ text: '02:00:00', warning: false, extendWindow: false });
    expect(countdown(lot, end + 5000)).toMatchObject({ remainingMs: 0, text: '00:00', extendWindow: false });
    expect(countdown({ ...lot, status: 'finished' }, T0)).toBeNull();
  });
  it('warns from 20 minutes, or 5 hours in sealed formats', () => {
    expect(countdown(lot, end - 20 * MIN)?.warning).toBe(false);
    expect(countdown(lot, end - 20 * MIN + 1)?.warning).toBe(true);
    const sealed = { ...lot, auction_type: 'bank_to_bank' as const };
    expect(countdown(sealed, end - 119 * MIN)?.warning).toBe(true);
  });
});
