/**
 * A herd at one price (decisions/0289): the bids that a committed price leaves stale are answered a slice per turn
 * of the event loop, so that the sockets (the next bid, the database's replies to the running batch) are read
 * between the slices instead of after the whole herd.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/modules/auth/guards/routeGuards.ts';
import { type BatchOutcome, BidBatcher } from '../src/modules/bids/engine/batch.ts';
import { lotBook } from '../src/modules/bids/engine/fastPath.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const HERD = 40;

describe.each(DRIVERS)('a herd of stale bids on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let authA: AuthContext;
  let authB: AuthContext;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    const [a, b] = floor.buyers as [Trader, Trader];
    [authA, authB] = (await Promise.all([a, b].map((x) => t.ctx.guards.authenticateToken(x.token)))) as [
      AuthContext,
      AuthContext,
    ];
  });
  afterAll(() => t.close());

  const bid = (auth: AuthContext, lotId: number, amount: number) => ({
    auth,
    lotId,
    amount,
    confirm: true,
    idempotencyKey: undefined,
    at: t.clock.now(),
  });

  it('answers every stale bid, and lets the event loop turn between the answers', async () => {
    const { lot } = await tradingLot(t, floor);
    const book = lotBook(t.ctx);
    const instance = new BidBatcher(
      t.ctx,
      async ({ lots: changed }) => {
        for (const l of changed) book.remember(l.state, l.lot.version, l.briefcase);
      },
      (pending) => book.staleRefusal(pending.lotId, pending.auth, pending, t.clock.now().getTime()),
    );
    // What happens, in order: each answer as it reaches its caller, and a turn of the event loop asked for when the
    // first stale answer arrives (a socket read is served in such a turn).
    const seen: string[] = [];
    let turnAsked = false;
    const answered = (outcome: BatchOutcome) => {
      seen.push(outcome.kind);
      if (outcome.kind === 'stale' && !turnAsked) {
        turnAsked = true;
        setImmediate(() => seen.push('turn'));
      }
      return outcome;
    };
    // a's bid starts a batch; the herd bids the same price meanwhile and waits behind it.
    const first = instance.submit(bid(authA, lot.id, 1_000_000)).then(answered);
    const herd = Array.from({ length: HERD }, () =>
      instance.submit(bid(authB, lot.id, 1_000_000)).then(answered),
    );
    const outcomes = await Promise.all([first, ...herd]);

    expect(outcomes.map((o) => o.kind)).toEqual(['placed', ...Array(HERD).fill('stale')]);
    await new Promise((resolve) => setImmediate(resolve));
    const turn = seen.indexOf('turn');
    expect(turn).toBeGreaterThan(0);
    // Answered in one go, the whole herd came before the loop turned; in slices, part of it comes after.
    expect(seen.slice(turn + 1).filter((kind) => kind === 'stale').length).toBeGreaterThan(0);
  });
});
