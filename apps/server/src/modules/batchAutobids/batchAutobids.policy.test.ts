import { describe, expect, it } from 'vitest';
import { BATCH_TEXTS as T } from './batchAutobids.messages.ts';
import { canChangeBatchAutobids, canUploadBatch } from './batchAutobids.policy.ts';

const now = new Date('2026-11-22T09:00:00Z');
const player = { isOwner: false, isAdmin: false, goodStanding: true, allowedKind: true };
const ready = {
  auctionType: 'classic',
  status: 'ready',
  startDatetime: new Date('2026-11-22T10:00:00Z'),
} as const;

describe('batch autobids', () => {
  it('are for participants of a classic procedure before its start', () => {
    expect(canChangeBatchAutobids(player, ready, now)).toEqual({ ok: true });
    expect(canChangeBatchAutobids({ ...player, isOwner: true }, ready, now)).toMatchObject({
      httpStatus: 403,
      message: 'Организатор торгов не может устанавливать автоставки',
    });
    expect(canChangeBatchAutobids({ ...player, isAdmin: true }, ready, now)).toMatchObject({
      httpStatus: 403,
    });
    expect(canChangeBatchAutobids({ ...player, allowedKind: false }, ready, now)).toMatchObject({
      httpStatus: 403,
    });
    expect(canChangeBatchAutobids(player, { ...ready, auctionType: 'dutch' }, now)).toMatchObject({
      httpStatus: 422,
      message: 'Автоставки доступны только в классическом аукционе',
    });
    expect(canChangeBatchAutobids(player, { ...ready, status: 'active' }, now)).toMatchObject({
      message: T.beforeStartOnly,
    });
    expect(canChangeBatchAutobids(player, { ...ready, startDatetime: now }, now)).toMatchObject({
      message: T.beforeStartOnly,
    });
  });
  it('are uploaded once', () => {
    expect(canUploadBatch(player, ready, false, now)).toEqual({ ok: true });
    expect(canUploadBatch(player, ready, true, now)).toMatchObject({
      httpStatus: 409,
      message: T.alreadyUploaded,
    });
  });
});
