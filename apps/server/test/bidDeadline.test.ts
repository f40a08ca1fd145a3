/**
 * Issue 29, defect 19: a bid is answered within the lock timeout from its arrival, however many bids on the same
 * lot wait before it (decisions/0237). Another connection holds the lot's row lock longer than that; several bids
 * sent at once are each answered 503 with Retry-After within the timeout and a small margin, and none is stored;
 * once the lock is released a new bid goes in. PostgreSQL only: PGlite has one session, so no other connection
 * can hold a lock there.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bids } from '../src/db/schema/index.ts';
import { RETRY_AFTER_SECONDS } from '../src/http/errorHandler.ts';
import { MESSAGES } from '../src/http/errors.ts';
import { LotBook, TurnTimedOut } from '../src/modules/bids/engine/fastPath.ts';
import { InProcessBus } from '../src/realtime/bus.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

const LOCK_MS = 600;
/** Time beyond the deadline a reply may take on a busy machine (the next bid in line alone would need LOCK_MS). */
const MARGIN_MS = 350;
const BIDS = 6;

describe.runIf(DRIVERS.includes('postgres'))('bids behind a held lot on postgres', () => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(
      'postgres',
      { ACCESS_TOKEN_TTL_SECONDS: '86400', RATE_LIMIT_PER_MINUTE: '100000' },
      { databaseTimeouts: { lockMs: LOCK_MS } },
    );
    floor = await buildFloor(t, BIDS);
    call = api(t);
  });
  afterAll(() => t.close());

  it.each(['classic', 'private_requests'] as const)(
    '%s: every bid waiting for a held lot is answered 503 with Retry-After by its deadline, none stored',
    async (auctionType) => {
      const { lot } = await tradingLot(t, floor, { auctionType });
      const amount = (i: number) => (auctionType === 'classic' ? 1_000_000 : 1_000_000 + i * 100_000);
      // The node has read the lot before (its book knows the format), as on a lot that is trading.
      await call.lot(floor.buyers[0]!, lot.id);
      const locker = new pg.Client({ connectionString: t.database.url! });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('select id from lots where id = $1 for update', [lot.id]);
        const replies = await Promise.all(
          floor.buyers.map(async (buyer, i) => {
            const sent = performance.now();
            const reply = await call.bid(buyer, { lot_id: lot.id, amount: amount(i), confirm: true });
            return { reply, ms: performance.now() - sent };
          }),
        );
        for (const { reply, ms } of replies) {
          expect(reply.statusCode, reply.body).toBe(503);
          expect(reply.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
          expect(reply.json().message).toBe(MESSAGES.unavailable);
          expect(ms).toBeLessThan(LOCK_MS + MARGIN_MS);
        }
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect(await t.ctx.db.select().from(bids).where(eq(bids.lotId, lot.id))).toEqual([]);
      // The lock released: a bid goes in.
      const after = await call.bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 });
      expect(after.statusCode, after.body).toBe(200);
      expect(await t.ctx.db.select().from(bids).where(eq(bids.lotId, lot.id))).toHaveLength(1);
    },
  );
});

describe("a lot's line of bids on this node", () => {
  it('lets a bid whose deadline passes leave the line at its deadline; the bids behind it keep their order', async () => {
    const book = new LotBook(new InProcessBus());
    const ran: string[] = [];
    let open!: () => void;
    const held = new Promise<void>((resolve) => {
      open = resolve;
    });
    const first = book.inTurn(1, async () => {
      await held;
      ran.push('first');
    });
    const start = performance.now();
    const late = book.inTurn(1, async () => ran.push('late'), start + 100);
    const patient = book.inTurn(1, async () => ran.push('patient'), start + 10_000);
    const unbounded = book.inTurn(1, async () => ran.push('unbounded'));
    const refused = await late.then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(TurnTimedOut);
    expect((refused as TurnTimedOut).code).toBe('55P03');
    expect(performance.now() - start).toBeLessThan(100 + 150);
    expect(ran).toEqual([]);
    open();
    await Promise.all([first, patient, unbounded]);
    expect(ran).toEqual(['first', 'patient', 'unbounded']);
    // The line is empty again: a new bid runs at once, even with its deadline already near.
    await book.inTurn(1, async () => ran.push('next'), performance.now() + 50);
    expect(ran.at(-1)).toBe('next');
    book.stop();
  });
});
