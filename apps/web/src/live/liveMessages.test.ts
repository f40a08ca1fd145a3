/**
 * Live messages as the web app reads them (issue 30 item 3): one union over the actions, an exhaustive switch, and
 * frames of an action this build does not know (a newer server) or of a damaged shape dropped safely.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type BriefcaseCard,
  type BriefcaseStatusPayload,
  type LiveMessage,
  type LotLivePayload,
  liveMessage,
} from '@etp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { buildBriefcaseCard, buildLot } from '../test/factories.ts';
import { FakeSocketServer } from '../test/fakeSocket.ts';
import { LiveConnection } from './LiveConnection.ts';
import { createLiveCacheWriter } from './liveCache.ts';

const lotUpdate = (version: number, price: number): LotLivePayload => ({
  id: 501,
  briefcase_id: 42,
  status: 'active',
  current_price: price,
  next_price: price + 10_000_00,
  current_step: null,
  bids_count: version - 1,
  bidders_count: 1,
  end_datetime: '2026-11-22T10:00:00.000Z',
  renewals_count: 0,
  leader_tag: null,
  winner_tag: null,
  is_without_winner: false,
  version,
});

/** A socket that has authenticated and follows LotsStream of procedure 42; returns what reached `onFrame`. */
async function connected() {
  const server = new FakeSocketServer();
  const frames: LiveMessage[][] = [];
  const connection = new LiveConnection({
    createSocket: server.create,
    token: () => 'access',
    refreshToken: async () => true,
    onFrame: (messages) => frames.push(messages),
    onRecovered: () => {},
  });
  connection.subscribe('LotsStream', 42);
  await vi.waitFor(() => expect(connection.state).toBe('open'));
  return { server, frames, connection };
}

describe('live messages in the web app', () => {
  let close: (() => void) | null = null;
  afterEach(() => {
    close?.();
    close = null;
  });

  it('passes on the known messages of a frame and drops one of an unknown action or a wrong shape', async () => {
    const { server, frames, connection } = await connected();
    close = () => connection.close();
    const known = liveMessage.lot_update(42, lotUpdate(2, 300_000_00), 5);
    server.current!.push({
      channel: 'LotsStream',
      briefcase_id: 42,
      action: 'batch',
      t: 5,
      messages: [
        { channel: 'LotsStream', briefcase_id: 42, action: 'lot_renamed', payload: { id: 501 }, t: 4 },
        // A known action on a channel it does not travel on, and one without a payload.
        { channel: 'BriefcaseStats', briefcase_id: 42, action: 'lot_update', payload: lotUpdate(1, 1), t: 4 },
        { channel: 'LotsStream', briefcase_id: 42, action: 'lot_update', payload: null, t: 4 },
        known,
      ],
    });
    server.current!.push({
      channel: 'LotsStream',
      briefcase_id: 42,
      action: 'lot_renamed',
      payload: {},
      t: 6,
    });
    expect(frames).toEqual([[known]]);
  });

  it('writes nothing and throws nothing for a message of an action it does not know', () => {
    const queryClient = new QueryClient();
    const lots = {
      lots: [{ id: 501, attributes: buildLot() }],
      total_pages: 1,
      total_count: 1,
      bids_status: 'active',
    };
    queryClient.setQueryData(queryKeys.lots(42, 1, false), lots);
    const writer = createLiveCacheWriter(queryClient, async () => ({
      id: 42,
      hidden: false,
      attributes: null,
    }));
    // What a newer server could send: the type says it cannot happen, the wire says it can.
    const unknown = JSON.parse(
      '{"channel":"LotsStream","briefcase_id":42,"action":"lot_renamed","payload":{"id":501},"t":9}',
    ) as LiveMessage;
    expect(() => writer.apply(unknown)).not.toThrow();
    expect(() => writer.applyFrame([unknown])).not.toThrow();
    expect(queryClient.getQueryData(queryKeys.lots(42, 1, false))).toBe(lots);
    writer.dispose();
  });

  it('puts the second round a status message names on the card at once', () => {
    const queryClient = new QueryClient();
    const card: BriefcaseCard = { id: 42, hidden: false, attributes: buildBriefcaseCard({ id: 42 }) };
    queryClient.setQueryData(queryKeys.briefcase(42), card);
    const writer = createLiveCacheWriter(queryClient, () => new Promise(() => {}));
    writer.apply(
      liveMessage.briefcase_status_update(42, { id: 42, status: 'closed', second_round_id: 77 }, 1),
    );
    const after = queryClient.getQueryData<BriefcaseCard>(queryKeys.briefcase(42));
    expect(after?.attributes).toMatchObject({ status: 'closed', second_round_id: 77 });
    writer.dispose();
  });

  it('types each action with its own channel and payload', () => {
    const status: BriefcaseStatusPayload = { id: 42, status: 'active' };
    expectTypeOf(liveMessage.next_round(42, status, 1)).toEqualTypeOf<{
      channel: 'BriefcaseStatus';
      briefcase_id: number;
      action: 'next_round';
      payload: BriefcaseStatusPayload;
      t: number;
    }>();
    expectTypeOf<Extract<LiveMessage, { action: 'lot_update' }>['payload']>().toEqualTypeOf<LotLivePayload>();
    expectTypeOf<Extract<LiveMessage, { channel: 'LotsStream' }>['action']>().toEqualTypeOf<
      'lot_update' | 'autobid_maxed_out'
    >();
    // @ts-expect-error the autobid payload is not a status payload
    liveMessage.briefcase_closed(42, { lot_id: 501, has_enabled_autobids: false }, 1);
    // @ts-expect-error a status outside the procedure's statuses
    liveMessage.briefcase_status_update(42, { id: 42, status: 'open' }, 1);
    // @ts-expect-error the stats message needs its counters
    liveMessage.stats(42, { briefcase_id: 42 }, 1);
    // @ts-expect-error an action that does not exist has no constructor
    expect(liveMessage.lot_renamed).toBeUndefined();
  });

  it('no source file of the web app casts a live payload', () => {
    const src = join(import.meta.dirname, '..');
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /\bpayload\)?\s+as\s/.test(readFileSync(join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
