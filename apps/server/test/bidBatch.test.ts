/**
 * Group commit of classic bids (decisions/0050): bids that arrive while a batch commits share the next transaction,
 * are decided in arrival order, and are written with everything a single bid writes (bid, lot, outbid event, audit
 * entries); a batch that fails as a whole hands every bid back to be placed on its own.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bids, briefcases, events, lots } from '../src/db/schema/index.ts';
import { AuditChainMoved, appendAudit, appendAuditBatch } from '../src/modules/audit/audit.queries.ts';
import { verifyAudit } from '../src/modules/audit/audit.service.ts';
import { entryHash } from '../src/modules/audit/chain/hashChain.ts';
import type { AuthContext } from '../src/modules/auth/guards/routeGuards.ts';
import { type BatchOutcome, BidBatcher, type CommittedBatch } from '../src/modules/bids/engine/batch.ts';
import { lotBook } from '../src/modules/bids/engine/fastPath.ts';
import { lockTradingLot } from '../src/modules/bids/engine/tradingContext.ts';
import { loadLotSnapshots } from '../src/modules/lots/lots.live.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';
import { countTransactions } from './support/transactions.ts';

const PRICE_CHANGED = 'Цена изменилась, обновите страницу';

/** A promise that settles when `open` is called: lets a test hold another writer's transaction open. */
function latch() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

describe.each(DRIVERS)('the bid batch on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let a: Trader;
  let b: Trader;
  let c: Trader;
  let authA: AuthContext;
  let authB: AuthContext;
  let authC: AuthContext;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    [a, b, c] = floor.buyers as [Trader, Trader, Trader];
    call = api(t);
    [authA, authB, authC] = (await Promise.all(
      [a, b, c].map((x) => t.ctx.guards.authenticateToken(x.token)),
    )) as [AuthContext, AuthContext, AuthContext];
  });
  afterAll(() => t.close());

  const batcher = () => {
    const commits: CommittedBatch[] = [];
    const instance = new BidBatcher(t.ctx, async (batch) => {
      commits.push(batch);
    });
    return { instance, commits };
  };
  const bid = (
    auth: AuthContext,
    lotId: number,
    amount: number,
    extra: { idempotencyKey?: string } = {},
  ) => ({
    auth,
    lotId,
    amount,
    confirm: true,
    idempotencyKey: extra.idempotencyKey,
    at: t.clock.now(),
  });
  const placed = (o: BatchOutcome) => {
    if (o.kind !== 'placed') throw new Error(`expected placed, got ${o.kind}`);
    return o;
  };

  it('commits the bids that arrive while a batch runs in one transaction, deciding them in arrival order', async () => {
    const one = await tradingLot(t, floor);
    const two = await tradingLot(t, floor);
    const { instance, commits } = batcher();
    const transactions = await countTransactions(t.ctx);
    let outcomes: BatchOutcome[];
    try {
      // The first bid starts a batch at once; the other four wait for it and then go together.
      outcomes = await Promise.all([
        instance.submit(bid(authA, one.lot.id, 1_000_000)),
        instance.submit(bid(authB, one.lot.id, 1_100_000)),
        instance.submit(bid(authC, one.lot.id, 1_100_000)),
        instance.submit(bid(authA, one.lot.id, 1_200_000)),
        instance.submit(bid(authC, two.lot.id, 1_000_000)),
      ]);
      expect(transactions.count()).toBe(2);
    } finally {
      transactions.restore();
    }
    expect(outcomes.map((o) => o.kind)).toEqual(['placed', 'placed', 'refused', 'placed', 'placed']);
    const refusal = outcomes[2] as Extract<BatchOutcome, { kind: 'refused' }>;
    expect(refusal.error).toMatchObject({ statusCode: 409, message: PRICE_CHANGED });
    expect(commits.map((batch) => batch.lots.map((l) => l.lot.id))).toEqual([
      [one.lot.id],
      [one.lot.id, two.lot.id],
    ]);
    // Each bid saw the one before it: b outbid a, then a outbid b.
    expect(placed(outcomes[3]!).lot.lot).toMatchObject({
      currentPrice: 1_200_000,
      bidsCount: 3,
      biddersCount: 2,
    });

    expect(await call.lot(c, one.lot.id)).toMatchObject({
      current_price: 1_200_000,
      bids_count: 3,
      bidders_count: 2,
    });
    const stored = await t.ctx.db.select().from(bids).where(eq(bids.lotId, one.lot.id)).orderBy(bids.id);
    expect(stored.map((s) => [s.companyId, s.amount])).toEqual([
      [authA.company!.id, 1_000_000],
      [authB.company!.id, 1_100_000],
      [authA.company!.id, 1_200_000],
    ]);
    const [lotRow] = await t.ctx.db.select().from(lots).where(eq(lots.id, one.lot.id));
    expect(lotRow!.leaderBidId).toBe(stored[2]!.id);
    // The outbid events of the batch were written in its transaction: a once, b once.
    const outbid = await t.ctx.db
      .select({ userId: events.userId })
      .from(events)
      .where(and(eq(events.kind, 'outbid'), eq(events.lotId, one.lot.id)));
    expect(outbid.map((e) => e.userId).sort()).toEqual([a.userId, b.userId].sort());
    // Every accepted bid is in its procedure's audit chain, and the chains hold.
    for (const procedure of [one.briefcase.id, two.briefcase.id]) {
      const [report] = await verifyAudit(t.ctx.db, procedure);
      expect(report!.verdict.ok).toBe(true);
    }
    const placedEntries = await t.ctx.db
      .select({ payload: auditLog.payload })
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, one.briefcase.id), eq(auditLog.action, 'bid_placed')));
    expect(placedEntries.map((e) => (e.payload as { bidId: number }).bidId)).toEqual(stored.map((s) => s.id));
  });

  it('places its batches through statements prepared once on its own connection (PostgreSQL)', async () => {
    const one = await tradingLot(t, floor);
    const { instance } = batcher();
    for (const [auth, amount] of [
      [authA, 1_000_000],
      [authB, 1_100_000],
      [authA, 1_200_000],
    ] as const) {
      expect((await instance.submit(bid(auth, one.lot.id, amount))).kind).toBe('placed');
    }
    expect(await call.lot(c, one.lot.id)).toMatchObject({ current_price: 1_200_000, bids_count: 3 });
    // PGlite has one session and nothing to keep prepared; PostgreSQL keeps both statements on the batcher's connection.
    const dedicated = t.ctx.database.dedicated;
    expect(Boolean(dedicated)).toBe(driver === 'postgres');
    if (!dedicated) return;
    const own = await dedicated();
    const prepared = (await own.db.execute(
      sql`select name from pg_prepared_statements where name like 'bid_batch_%' order by name`,
    )) as unknown as { rows: { name: string }[] };
    expect(prepared.rows.map((r) => r.name)).toEqual(['bid_batch_lock', 'bid_batch_write']);
  });

  it('reads the procedure of a lot without its registry snapshot, on the batch and the one-by-one path', async () => {
    const { lot, briefcase } = await tradingLot(t, floor);
    // A large registry's snapshot is megabytes of bytea: no bid may carry it from the database.
    await t.ctx.db
      .update(briefcases)
      .set({ registryColumns: Buffer.alloc(4 * 1024 * 1024, 7), lotAssignment: Buffer.alloc(1024, 1) })
      .where(eq(briefcases.id, briefcase.id));
    const { instance, commits } = batcher();
    expect((await instance.submit(bid(authA, lot.id, 1_000_000))).kind).toBe('placed');
    const held = [
      commits[0]!.lots[0]!.briefcase,
      (await t.ctx.db.transaction((tx) => lockTradingLot(tx, lot.id))).briefcase,
      (await loadLotSnapshots(t.ctx.db, [lot.id]))[0]!.briefcase,
    ];
    for (const procedure of held) {
      expect(procedure.id).toBe(briefcase.id);
      expect(procedure).not.toHaveProperty('registryColumns');
      expect(procedure).not.toHaveProperty('lotAssignment');
    }
  });

  it('answers the bids that the batch before them made stale without a transaction of their own', async () => {
    const { lot } = await tradingLot(t, floor);
    const book = lotBook(t.ctx);
    const instance = new BidBatcher(
      t.ctx,
      async ({ lots: changed }) => {
        for (const l of changed) book.remember(l.state, l.lot.version, l.briefcase);
      },
      (pending) => book.staleRefusal(pending.lotId, pending.auth, pending, t.clock.now().getTime()),
    );
    const transactions = await countTransactions(t.ctx);
    let outcomes: BatchOutcome[];
    try {
      // a's bid starts a batch; b and c bid the same price meanwhile, as a herd does after a live update.
      outcomes = await Promise.all([
        instance.submit(bid(authA, lot.id, 1_000_000)),
        instance.submit(bid(authB, lot.id, 1_000_000)),
        instance.submit(bid(authC, lot.id, 1_000_000)),
      ]);
      expect(transactions.count()).toBe(1);
    } finally {
      transactions.restore();
    }
    expect(outcomes.map((o) => o.kind)).toEqual(['placed', 'stale', 'stale']);
    expect((outcomes[1] as Extract<BatchOutcome, { kind: 'stale' }>).rejection).toMatchObject({
      code: 'conflict',
      message: PRICE_CHANGED,
    });
    // Through the API the answer is the same 409 with the spec's text.
    const herd = await call.bid(b, { lot_id: lot.id, amount: 1_000_000 });
    expect(herd.statusCode).toBe(409);
    expect(herd.json().message).toBe(PRICE_CHANGED);
  });

  it('hands every bid of a failed batch back to be placed on its own, and writes nothing of it', async () => {
    const one = await tradingLot(t, floor);
    const two = await tradingLot(t, floor);
    expect(
      (await call.bid(a, { lot_id: one.lot.id, amount: 1_000_000, idempotency_key: 'k-batch-1' })).statusCode,
    ).toBe(200);
    const { instance, commits } = batcher();
    const outcomes = await Promise.all([
      instance.submit(bid(authC, two.lot.id, 1_000_000)),
      // The same key again (the service answers it from the stored bid; here it reaches the batch): the insert fails.
      instance.submit(bid(authB, two.lot.id, 1_100_000)),
      instance.submit(bid(authA, one.lot.id, 1_100_000, { idempotencyKey: 'k-batch-1' })),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['placed', 'solo', 'solo']);
    expect(commits).toHaveLength(1);
    expect(await call.lot(c, two.lot.id)).toMatchObject({ current_price: 1_000_000, bids_count: 1 });
    expect(await call.lot(c, one.lot.id)).toMatchObject({ current_price: 1_000_000, bids_count: 1 });
    // Placed on its own through the API, b's bid goes in.
    expect((await call.bid(b, { lot_id: two.lot.id, amount: 1_100_000 })).statusCode).toBe(200);
  });

  it('hands back what only the one-by-one path decides: other formats and lots with autobids', async () => {
    const dutch = await tradingLot(t, floor, { auctionType: 'dutch' });
    const auto = await tradingLot(t, floor);
    // Enabled while the lot trades with no leader, b's autobid takes the start price at once.
    expect((await call.autobid(b, { lot_id: auto.lot.id, max_price: 2_000_000 })).statusCode).toBe(200);
    const { instance } = batcher();
    const outcomes = await Promise.all([
      instance.submit(bid(authA, dutch.lot.id, 1_000_000)),
      instance.submit(bid(authA, auto.lot.id, 1_100_000)),
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['solo', 'solo']);
    // Through the API the autobid answers as always.
    expect((await call.bid(a, { lot_id: auto.lot.id, amount: 1_100_000 })).statusCode).toBe(200);
    expect(await call.lot(c, auto.lot.id)).toMatchObject({ current_price: 1_200_000, bids_count: 3 });
  });

  it('refuses what the rules refuse, with the same texts as the one-by-one path', async () => {
    const { lot } = await tradingLot(t, floor);
    const seller = await t.ctx.guards.authenticateToken(floor.seller.token);
    const { instance } = batcher();
    const [own, offGrid] = await Promise.all([
      instance.submit(bid(seller, lot.id, 1_000_000)),
      instance.submit(bid(authA, lot.id, 1_050_000)),
    ]);
    expect(own.kind).toBe('refused');
    expect(offGrid.kind).toBe('refused');
    const viaApi = await call.bid(a, { lot_id: lot.id, amount: 1_050_000 });
    expect((offGrid as Extract<BatchOutcome, { kind: 'refused' }>).error).toMatchObject({
      statusCode: viaApi.statusCode,
      message: viaApi.json().message,
    });
  });

  it('appends after the real head of a chain when the remembered one is behind, keeping the chain whole', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const at = t.clock.now();
    await appendAudit(t.ctx.db, {
      briefcaseId: briefcase.id,
      action: 'test',
      actorUserId: null,
      payload: {},
      at,
    });
    // Another node appends: this process's remembered head is now behind.
    const [first] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.briefcaseId, briefcase.id));
    const other = { seq: 2, action: 'other node', actorUserId: null, payload: {}, createdAt: at };
    await t.ctx.db.insert(auditLog).values({
      ...other,
      briefcaseId: briefcase.id,
      prevHash: first!.hash,
      hash: entryHash(first!.hash, other),
    });
    const entry = { briefcaseId: briefcase.id, action: 'batch', actorUserId: null, payload: {}, at };
    await t.ctx.db.transaction((tx) => appendAuditBatch(tx, [entry, entry]));
    const chain = await t.ctx.db.select().from(auditLog).where(eq(auditLog.briefcaseId, briefcase.id));
    expect(chain.map((e) => [e.seq, e.action]).sort()).toEqual([
      [1, 'test'],
      [2, 'other node'],
      [3, 'batch'],
      [4, 'batch'],
    ]);
    expect(chain.find((e) => e.seq === 3)!.prevHash).toBe(chain.find((e) => e.seq === 2)!.hash);
  });

  if (driver === 'postgres') {
    /** Another node places b's bid on the lot and holds its transaction until `finish` is called. */
    const otherWriter = async (lotId: number, amount: number) => {
      const held = latch();
      const lockTaken = latch();
      const done = t.ctx.db.transaction(async (tx) => {
        const row = await lockTradingLot(tx, lotId);
        const [placed] = await tx
          .insert(bids)
          .values({ lotId, briefcaseId: row.briefcase.id, userId: b.userId, companyId: b.companyId, amount })
          .returning();
        await tx
          .update(lots)
          .set({
            currentPrice: amount,
            leaderBidId: placed!.id,
            bidsCount: row.lot.bidsCount + 1,
            version: row.lot.version + 1,
          })
          .where(eq(lots.id, lotId));
        lockTaken.open();
        await held.promise;
        return placed!;
      });
      await lockTaken.promise;
      return {
        finish: async () => {
          await new Promise((resolve) => setTimeout(resolve, 150));
          held.open();
          return done;
        },
      };
    };

    it('decides a bid that waited for the lot lock from the lot and leader another writer committed', async () => {
      const { lot } = await tradingLot(t, floor);
      expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
      const other = await otherWriter(lot.id, 1_100_000);
      // c bids the same 1,100,000 meanwhile: it waits for the lock, then must see b's bid as the leader.
      const late = call.bid(c, { lot_id: lot.id, amount: 1_100_000 });
      await other.finish();
      const reply = await late;
      expect(reply.statusCode).toBe(409);
      expect(reply.json().message).toBe(PRICE_CHANGED);
      const stored = await t.ctx.db.select().from(bids).where(eq(bids.lotId, lot.id));
      expect(stored.map((s) => s.amount).sort()).toEqual([1_000_000, 1_100_000]);
    });

    it('gives the one-by-one path the leader another writer committed while it waited for the lock', async () => {
      const { lot } = await tradingLot(t, floor);
      expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
      const other = await otherWriter(lot.id, 1_100_000);
      const waiting = t.ctx.db.transaction((tx) => lockTradingLot(tx, lot.id));
      const placed = await other.finish();
      const seen = await waiting;
      expect(seen.leaderBid?.id).toBe(placed.id);
      expect(seen.state.leader).toMatchObject({ bidId: placed.id, amount: 1_100_000 });
    });

    it('rolls the batch back when another writer takes a seq while it appends', async () => {
      const { briefcase } = await tradingLot(t, floor);
      const at = t.clock.now();
      const entry = { briefcaseId: briefcase.id, action: 'batch', actorUserId: null, payload: {}, at };
      await t.ctx.db.transaction((tx) => appendAuditBatch(tx, [entry]));
      const held = latch();
      const inserted = latch();
      // Another writer appends seq 2 and holds its transaction open.
      const other = t.ctx.db.transaction(async (tx) => {
        await appendAudit(tx, {
          briefcaseId: briefcase.id,
          action: 'other',
          actorUserId: null,
          payload: {},
          at,
        });
        inserted.open();
        await held.promise;
      });
      await inserted.promise;
      // The batch finds seq 2 not committed, reads the head (seq 1) and appends 2 and 3: seq 2 waits for the other.
      const batch = t.ctx.db
        .transaction((tx) => appendAuditBatch(tx, [entry, entry]))
        .then(
          () => null,
          (error: unknown) => error,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      held.open();
      await other;
      expect(await batch).toBeInstanceOf(AuditChainMoved);
      const [report] = await verifyAudit(t.ctx.db, briefcase.id);
      expect(report!.verdict).toMatchObject({ ok: true, entries: 2 });
    });
  }
});
