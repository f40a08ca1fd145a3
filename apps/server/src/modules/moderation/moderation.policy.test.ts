import { describe, expect, it } from 'vitest';
import { MODERATION_TEXTS as T } from './moderation.messages.ts';
import { canConfirm, canModerate, rejectionMessage } from './moderation.policy.ts';

const now = new Date('2026-11-22T09:00:00Z');
const later = new Date('2026-11-23T09:00:00Z');
const seller = { isAdmin: false, isSellerMember: true };
const admin = { isAdmin: true, isSellerMember: false };
const stranger = { isAdmin: false, isSellerMember: false };
const byAdmin = { status: 'pending', creatorType: 'admin', startDatetime: later } as const;
const bySeller = { status: 'pending', creatorType: 'user', startDatetime: later } as const;

describe('canModerate', () => {
  it('lets the seller decide on what an administrator made, and an administrator on what a seller sent', () => {
    expect(canModerate(seller, byAdmin)).toEqual({ ok: true });
    expect(canModerate(admin, bySeller)).toEqual({ ok: true });
  });
  it('refuses the other side and strangers', () => {
    expect(canModerate(admin, byAdmin)).toMatchObject({
      ok: false,
      httpStatus: 403,
      message: T.sellerConfirms,
    });
    expect(canModerate(stranger, byAdmin)).toMatchObject({ ok: false, httpStatus: 403 });
    expect(canModerate(seller, bySeller)).toMatchObject({
      ok: false,
      httpStatus: 403,
      message: T.adminApproves,
    });
  });
  it('decides only pending procedures', () => {
    for (const status of ['created', 'ready', 'rejected', 'active'] as const) {
      expect(canModerate(seller, { ...byAdmin, status })).toMatchObject({
        httpStatus: 409,
        message: T.notPending,
      });
    }
  });
});

describe('canConfirm', () => {
  it('needs a start still ahead', () => {
    expect(canConfirm(seller, byAdmin, now)).toEqual({ ok: true });
    expect(canConfirm(seller, { ...byAdmin, startDatetime: null }, now)).toMatchObject({
      message: T.noStart,
    });
    expect(canConfirm(seller, { ...byAdmin, startDatetime: now }, now)).toMatchObject({
      message: T.startPassed,
    });
  });
});

describe('rejectionMessage', () => {
  it('tells the seller the specialist takes note, and the administrator that the procedure is rejected', () => {
    expect(rejectionMessage(seller)).toBe('Специалист примет к сведению Ваши замечания');
    expect(rejectionMessage(admin)).toBe(T.rejectedByAdmin);
  });
});
