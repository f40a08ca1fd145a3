import { type LotLivePayload, liveMessage } from '@etp/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { BusEvent } from './bus.ts';
import { LotUpdateSequencer } from './sequencer.ts';

const update = (
  id: number,
  version: number,
  kind: 'participants' | 'masters' = 'participants',
): BusEvent => ({
  message: {
    channel: 'LotsStream',
    briefcase_id: 1,
    action: 'lot_update',
    // The sequencer reads a lot update's id and version only.
    payload: { id, version } as LotLivePayload,
    t: version,
  },
  audience: { kind },
});
const versions = (events: BusEvent[]) =>
  events.map((e) => (e.message.payload as { version: number }).version);

describe('lot update sequencer', () => {
  it('delivers overtaken updates in version order and drops repeats', () => {
    const out: BusEvent[] = [];
    const sequencer = new LotUpdateSequencer((e) => out.push(e));
    for (const v of [1, 3, 4, 2, 2, 5, 1]) sequencer.push(update(7, v));
    expect(versions(out)).toEqual([1, 2, 3, 4, 5]);
    sequencer.close();
  });

  it('keeps lots and audiences apart and lets other messages through', () => {
    const out: BusEvent[] = [];
    const sequencer = new LotUpdateSequencer((e) => out.push(e));
    sequencer.push(update(1, 5));
    sequencer.push(update(2, 9));
    sequencer.push(update(1, 5, 'masters'));
    sequencer.push({
      message: liveMessage.stats(1, { briefcase_id: 1, bids: 1, users: 1 }, 1),
      audience: { kind: 'participants' },
    });
    expect(out).toHaveLength(4);
    sequencer.close();
  });

  it('stops waiting for a lost predecessor after the wait', () => {
    vi.useFakeTimers();
    const out: BusEvent[] = [];
    const sequencer = new LotUpdateSequencer((e) => out.push(e), 1000);
    sequencer.push(update(3, 1));
    sequencer.push(update(3, 4));
    sequencer.push(update(3, 3));
    expect(versions(out)).toEqual([1]);
    vi.advanceTimersByTime(1000);
    expect(versions(out)).toEqual([1, 3, 4]);
    sequencer.push(update(3, 5));
    expect(versions(out)).toEqual([1, 3, 4, 5]);
    vi.useRealTimers();
    sequencer.close();
  });
});
