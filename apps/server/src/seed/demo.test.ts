import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUCTION_TYPES,
  BRIEFCASE_STATUSES,
  COMPANY_KINDS,
  DAY_MS,
  HOUR_MS,
  isValidCorrespondentAccount,
  isValidInn,
  isValidSettlementAccount,
} from '@etp/domain';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { autobids, bids, briefcases, companies, deals, events, lots, users } from '../db/schema/index.ts';
import { verifyAudit } from '../modules/audit/audit.service.ts';
import { lotTitle } from '../modules/events/events.messages.ts';
import { isDatabaseEmpty, seedDemoWithSummary } from './demo.ts';
import { HISTORY_PROCEDURES } from './history.insert.ts';
import { HISTORY_LABEL } from './history.ts';

/** The demo's procedures, without the forecast's demo history (checked on its own below). */
const demoOnly = sql`${briefcases.sourceDescription} is distinct from ${HISTORY_LABEL}`;

const NOW = new Date('2026-11-22T09:30:00.000Z');
const TIMEOUT = 60_000;

/** The seed's budget: a newcomer's `npm start` has the platform seeded within 15 s. */
const SEED_BUDGET_MS = 15_000;
/** Longer than this on the clock is a wait (a timer, a lock), not a busy machine. */
const SEED_HANG_MS = 60_000;

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Seeds an in-memory PGlite. The seed's cost is measured as the CPU time of this test's process (vitest runs the
 * server's files in forks, one file a process, so nothing else is counted): PGlite runs in this process and the
 * seed waits on no I/O, so on an idle core the seed takes this long on the clock, while on a machine shared by
 * other work the clock also counts the time the process waited for a core. The clock is kept as a guard against
 * waits that use no CPU.
 */
async function seeded(): Promise<{ database: Database; cpuMs: number; wallMs: number; rows: number }> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await database.migrate();
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const { summary } = await seedDemoWithSummary(database.db, { now: NOW });
  const wallMs = performance.now() - started;
  return { database, cpuMs: cpuMs(process.cpuUsage(cpu)), wallMs, rows: summary.registryRows };
}

describe('demo seed', () => {
  let first: Awaited<ReturnType<typeof seeded>>;
  let db: Database['db'];

  beforeAll(async () => {
    first = await seeded();
    db = first.database.db;
  }, TIMEOUT);
  afterAll(async () => {
    await first?.database.close();
  });

  it('completes within 15 s of work, keeps the registry under 15 000 rows and fills the database', async () => {
    console.log(
      `demo seed: ${Math.round(first.cpuMs)} ms of CPU, ${Math.round(first.wallMs)} ms on the clock`,
    );
    expect(first.cpuMs).toBeLessThan(SEED_BUDGET_MS);
    expect(first.wallMs).toBeLessThan(SEED_HANG_MS);
    expect(first.rows).toBeLessThanOrEqual(15_000);
    expect(await isDatabaseEmpty(db)).toBe(false);
  });

  it(
    'is deterministic: the same seed and now give identical procedures, lots and bids',
    async () => {
      const second = await seeded();
      try {
        const dump = async (d: Database['db']) => ({
          briefcases: await d.select().from(briefcases).orderBy(asc(briefcases.id)),
          lots: await d.select().from(lots).orderBy(asc(lots.id)),
          bids: await d.select().from(bids).orderBy(asc(bids.id)),
          rows: await d.execute(
            sql`select md5(string_agg(r::text, '|' order by r.id)) h from registry_rows r`,
          ),
        });
        expect(await dump(second.database.db)).toEqual(await dump(db));
      } finally {
        await second.database.close();
      }
    },
    TIMEOUT,
  );

  it('covers every status, every type in several statuses, and trading right now', async () => {
    const all = await db.select().from(briefcases).where(demoOnly);
    expect(all.length).toBeGreaterThanOrEqual(24);
    expect(all.length).toBeLessThanOrEqual(30);
    for (const status of BRIEFCASE_STATUSES)
      expect(
        all.some((b) => b.status === status),
        status,
      ).toBe(true);
    for (const type of AUCTION_TYPES) {
      expect(new Set(all.filter((b) => b.auctionType === type).map((b) => b.status)).size).toBeGreaterThan(3);
    }
    const active = all.filter((b) => b.status === 'active');
    for (const type of ['classic', 'dutch', 'private_requests']) {
      expect(active.some((b) => b.auctionType === type)).toBe(true);
    }
    for (const b of active) {
      expect(b.startDatetime!.getTime()).toBeLessThan(NOW.getTime());
      const left = b.endDatetime!.getTime() - NOW.getTime();
      expect(left).toBeGreaterThanOrEqual(HOUR_MS);
      expect(left).toBeLessThanOrEqual(6 * HOUR_MS);
    }
    for (const b of all.filter((x) => x.status === 'ready')) {
      const ahead = b.startDatetime!.getTime() - NOW.getTime();
      expect(ahead).toBeGreaterThan(0);
      expect(ahead).toBeLessThanOrEqual(11 * DAY_MS);
    }
    expect(all.some((b) => b.endMode === 'convert')).toBe(true);
    expect(all.filter((b) => b.status === 'rejected').every((b) => b.rejectionNote)).toBe(true);
    expect(
      all.filter((b) => b.status === 'closed_with_next_round').every((b) => b.nextRoundCount === 1),
    ).toBe(true);
    const composite = all.filter((b) => b.withCompositeLot);
    expect(composite).toHaveLength(1);
    const compositeLots = await db.select().from(lots).where(sql`${lots.composite}`);
    expect(compositeLots.map((l) => l.briefcaseId)).toEqual([composite[0]!.id]);
  });

  it('accredits a company of every kind, with valid requisites, and leaves the newcomer pending', async () => {
    const all = await db.select().from(companies);
    const accredited = all.filter((c) => c.accreditationStatus === 'approved' && c.goodStanding);
    for (const kind of COMPANY_KINDS)
      expect(
        accredited.some((c) => c.kind === kind && c.buyer),
        kind,
      ).toBe(true);
    expect(all.filter((c) => c.accreditationStatus === 'pending' && !c.goodStanding)).toHaveLength(1);
    for (const c of all) {
      expect(isValidInn(c.inn!), c.name).toBe(true);
      expect(isValidSettlementAccount(c.bik!, c.bankAccount!), c.name).toBe(true);
      expect(isValidCorrespondentAccount(c.bik!, c.correspondentAccount!), c.name).toBe(true);
    }
    const people = await db.select().from(users);
    expect(people.every((u) => u.currentCompanyId !== null && /^79\d{9}$|^7\d{10}$/.test(u.phone!))).toBe(
      true,
    );
    expect(people.filter((u) => u.role === 'admin').map((u) => u.email)).toEqual(['admin@etp-rd.ru']);
  });

  it('generates plausible, unique, de-personalised debts', async () => {
    const res = await db.execute(sql`
      select count(*)::int n, count(distinct contract_id)::int uniq,
        count(*) filter (where amount_bottomline < amount_total)::int osz_below_od,
        count(*) filter (where amount_total > principal)::int od_above_principal,
        count(*) filter (where last_payment_date <= issue_date)::int paid_before_issue,
        count(*) filter (where dplp < 1 or dpd < 0 or dpd > 2500)::int bad_days,
        count(*) filter (where region_code not between 1 and 95)::int bad_region,
        count(*) filter (where age(${NOW.toISOString().slice(0, 10)}::date, birth_date) not between
          interval '21 years' and interval '76 years')::int bad_age
      from registry_rows`);
    const [stats] = (res as unknown as { rows: Record<string, number>[] }).rows;
    expect(stats).toMatchObject({
      uniq: stats!.n,
      osz_below_od: 0,
      od_above_principal: 0,
      paid_before_issue: 0,
      bad_days: 0,
      bad_region: 0,
      bad_age: 0,
    });
  });

  it('gives lots the sums of their rows and procedures the sums of their lots', async () => {
    const res = await db.execute(sql`
      select l.id, l.briefcase_id, l.composite, l.items_count, l.amount_total, l.amount_bottomline,
        l.bottomline_mean, l.dpd, l.dplp, l.start_price,
        count(r.id)::int n, coalesce(sum(r.amount_total), 0)::float8 od, coalesce(sum(r.amount_bottomline), 0)::float8 osz,
        coalesce(sum(r.dpd), 0)::float8 dpd_sum, coalesce(sum(r.dplp), 0)::float8 dplp_sum
      from lots l left join registry_rows r
        on (case when l.composite then r.briefcase_id = l.briefcase_id else r.lot_id = l.id end)
      where l.briefcase_id in (select id from briefcases where ${demoOnly})
      group by l.id order by l.id`);
    const rows = (res as unknown as { rows: Record<string, number | boolean>[] }).rows;
    for (const l of rows) {
      const n = Number(l.n);
      expect(n).toBeGreaterThanOrEqual(20);
      expect(Number(l.items_count)).toBe(n);
      expect(Number(l.amount_total)).toBe(Number(l.od));
      expect(Number(l.amount_bottomline)).toBe(Number(l.osz));
      expect(Number(l.bottomline_mean)).toBe(Math.round(Number(l.osz) / n));
      expect(Number(l.dpd)).toBe(Math.round(Number(l.dpd_sum) / n));
      expect(Number(l.dplp)).toBe(Math.round(Number(l.dplp_sum) / n));
    }
    for (const b of await db.select().from(briefcases).where(demoOnly)) {
      const own = rows.filter((l) => l.briefcase_id === b.id && !l.composite);
      const sum = (key: string) => own.reduce((s, l) => s + Number(l[key]), 0);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(12);
      expect(b.itemsCount).toBe(sum('n'));
      expect(b.amountTotal).toBe(sum('od'));
      expect(b.amountBottomline).toBe(sum('osz'));
      expect(b.startPrice).toBe(sum('start_price'));
      expect(b.amountMean).toBe(Math.round(sum('od') / sum('n')));
      expect(b.bottomlineMean).toBe(Math.round(sum('osz') / sum('n')));
      expect(b.dpd).toBe(Math.round(sum('dpd_sum') / sum('n')));
      expect(b.fillingPercent).toBeGreaterThanOrEqual(60);
      expect(b.fillingPercent).toBeLessThanOrEqual(100);
      const percent = (b.startPrice / b.amountBottomline) * 100;
      expect(percent).toBeGreaterThan(2.5);
      expect(percent).toBeLessThan(13);
    }
  });

  it('keeps bids consistent with each format and with the lots that show them', async () => {
    const allBids = await db.select().from(bids).orderBy(asc(bids.id));
    const allLots = await db.select().from(lots);
    const types = new Map((await db.select().from(briefcases)).map((b) => [b.id, b]));
    for (const lot of allLots) {
      if (types.get(lot.briefcaseId)!.sourceDescription === HISTORY_LABEL) continue;
      const own = allBids.filter((b) => b.lotId === lot.id);
      const b = types.get(lot.briefcaseId)!;
      expect(lot.bidsCount).toBe(own.length);
      expect(lot.biddersCount).toBe(new Set(own.map((x) => x.companyId)).size);
      if (
        b.status === 'closed_without_bids' ||
        ['created', 'pending', 'rejected', 'ready'].includes(b.status)
      ) {
        expect(own).toHaveLength(0);
      }
      if (b.auctionType === 'classic' && own.length) {
        const step = lot.stepPrice!;
        expect((own[0]!.amount - lot.startPrice) % step).toBe(0);
        expect(own[0]!.amount).toBeGreaterThanOrEqual(lot.startPrice);
        own.forEach((bid, i) => {
          if (i === 0) return;
          const prev = own[i - 1]!;
          expect(bid.amount - prev.amount).toBeGreaterThan(0);
          expect((bid.amount - prev.amount) % step).toBe(0);
          expect(bid.createdAt.getTime()).toBeGreaterThan(prev.createdAt.getTime());
          expect(bid.companyId).not.toBe(prev.companyId);
        });
        expect(lot.leaderBidId).toBe(own.at(-1)!.id);
        expect(lot.currentPrice).toBe(own.at(-1)!.amount);
      }
      if (b.auctionType === 'dutch') {
        expect(lot.maxPrice).toBe(lot.startPrice);
        expect(lot.stepCount).toBe(Math.ceil((lot.maxPrice! - lot.minPrice!) / lot.stepPrice!) + 1);
        expect(lot.currentPrice).toBe(lot.maxPrice! - (lot.currentStep! - 1) * lot.stepPrice!);
        for (const bid of own) expect((lot.maxPrice! - bid.amount) % lot.stepPrice!).toBe(0);
      }
      if (b.auctionType === 'private_requests' || b.auctionType === 'bank_to_bank') {
        expect(new Set(own.map((x) => x.companyId)).size).toBe(own.length);
        for (const bid of own) {
          expect(bid.amount).toBeGreaterThanOrEqual(lot.minPrice!);
          if (b.auctionType === 'private_requests') expect(bid.amount).toBeLessThan(lot.amountBottomline);
        }
      }
      for (const bid of own) expect(bid.createdAt.getTime()).toBeLessThan(NOW.getTime());
      if (lot.status === 'closed' && lot.winnerBidId !== null) {
        expect(lot.winnerBidId).toBe(lot.leaderBidId);
        expect(lot.winnerCompanyId).toBe(own.find((x) => x.id === lot.winnerBidId)!.companyId);
      }
      if (b.status === 'closed_without_winners' && !lot.composite) {
        expect(lot.isWithoutWinner).toBe(true);
        expect(lot.winnerBidId).toBeNull();
      }
    }
    const statuses = new Set(allLots.map((l) => `${types.get(l.briefcaseId)!.status}:${l.status}`));
    expect([...statuses].every((s) => /^(closed\w*:closed|rejected:created|(\w+):\2)$/.test(s))).toBe(true);
  });

  it('adds two years of closed, labelled demo history, every lot sold once at a plausible share of its ОСЗ', async () => {
    const history = await db
      .select()
      .from(briefcases)
      .where(sql`${briefcases.sourceDescription} = ${HISTORY_LABEL}`);
    expect(history).toHaveLength(HISTORY_PROCEDURES);
    const ends = history.map((b) => b.endDatetime!.getTime());
    expect(Math.min(...ends)).toBeLessThan(NOW.getTime() - 700 * DAY_MS);
    expect(Math.max(...ends)).toBeLessThan(NOW.getTime() - 7 * DAY_MS);
    expect(history.every((b) => b.status === 'closed' && b.description === HISTORY_LABEL)).toBe(true);
    // Their Аналитика shows what the lots hold: the features and the regions, summed over the lots.
    for (const b of history) {
      const a = b.analytics as { dead?: number; regions_list?: Record<string, number> };
      expect(a.dead).toBeGreaterThanOrEqual(0);
      // Each lot splits its cases over regions in whole numbers: the sum may miss its count by a case or two.
      const inRegions = Object.values(a.regions_list ?? {}).reduce((s, n) => s + n, 0);
      expect(Math.abs(inRegions - b.itemsCount)).toBeLessThanOrEqual(Math.max(2, 0.02 * b.itemsCount));
    }
    const res = await db.execute(sql`
      select count(*)::int n,
        count(*) filter (where l.winner_bid_id = b.id and l.leader_bid_id = b.id and l.winner_company_id = b.company_id
          and l.status = 'closed' and b.amount >= l.start_price)::int consistent,
        min(b.amount::float8 / l.amount_bottomline)::float8 lo, max(b.amount::float8 / l.amount_bottomline)::float8 hi
      from lots l join bids b on b.lot_id = l.id
      where l.briefcase_id in (select id from briefcases where source_description = ${HISTORY_LABEL})`);
    const [stats] = (res as unknown as { rows: Record<string, number>[] }).rows;
    expect(stats!.n).toBeGreaterThan(1000);
    expect(stats!.consistent).toBe(stats!.n);
    expect(stats!.lo).toBeGreaterThanOrEqual(0.002);
    expect(stats!.hi).toBeLessThanOrEqual(0.61);
  });

  it('only leaves enabled autobids above the price, held by the leader once trading started', async () => {
    const all = await db.select().from(autobids);
    const allLots = new Map((await db.select().from(lots)).map((l) => [l.id, l]));
    const allBids = new Map((await db.select().from(bids)).map((b) => [b.id, b]));
    expect(all.filter((a) => a.enabled).length).toBeGreaterThan(3);
    for (const a of all.filter((x) => x.enabled)) {
      const lot = allLots.get(a.lotId)!;
      if (lot.status === 'ready') {
        expect(a.maxPrice).toBeGreaterThanOrEqual(lot.startPrice);
        continue;
      }
      expect(lot.status).toBe('active');
      expect(a.maxPrice).toBeGreaterThan(lot.currentPrice!);
      expect(allBids.get(lot.leaderBidId!)!.companyId).toBe(a.companyId);
    }
  });

  it('writes every event in the one title style, as trading would, and as already mailed (decisions/0123, 0124)', async () => {
    const all = await db.select().from(events);
    const allLots = new Map((await db.select().from(lots)).map((l) => [l.id, l]));
    expect(new Set(all.map((e) => e.kind))).toEqual(
      new Set(['outbid', 'won', 'lost', 'briefcase_status', 'autobid_maxed_out', 'accreditation_approved']),
    );
    const offStyle: string[] = [];
    for (const event of all) {
      const text = String(event.payload.text ?? '');
      const lot = event.lotId === null ? null : allLots.get(event.lotId)!;
      const subject = lot
        ? `${lotTitle(lot)} ТП №${event.briefcaseId}: `
        : event.briefcaseId !== null
          ? `ТП №${event.briefcaseId}: `
          : 'Компания ';
      // "<what it is about>: <what happened>", the happening in lower case, no amounts or "№ 4" spelled apart.
      if (!text.startsWith(subject) || !/^[^:]+: [а-яё«]/u.test(text) || /№ \d|₽/u.test(text))
        offStyle.push(`${event.kind}: ${text}`);
    }
    expect(offStyle).toEqual([]);
    expect(all.every((e) => e.mailedAt !== null)).toBe(true);
  });

  it('opens deals on won lots in the states a user should see, none overdue, on verified audit chains', async () => {
    const rows = await db.select().from(deals).orderBy(asc(deals.id));
    expect(rows.map((d) => d.state)).toEqual([
      'awaiting_signatures',
      'awaiting_payment',
      'registry_handed_over',
      'closed',
    ]);
    for (const deal of rows) {
      const [lot] = await db.select().from(lots).where(sql`${lots.id} = ${deal.lotId}`);
      expect(deal.buyerCompanyId).toBe(lot!.winnerCompanyId);
      expect(deal.deadlineAt === null || deal.deadlineAt > NOW).toBe(true);
      for (const report of await verifyAudit(db, deal.briefcaseId)) expect(report.verdict.ok).toBe(true);
    }
  });

  it('uses no unseeded randomness and no clock but the given now', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const forbidden = [['Math', 'random'].join('.'), ['Date', 'now('].join('.'), ['new Date', '()'].join('')];
    const sources = readdirSync(dir).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'cli.ts',
    );
    for (const file of sources) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const word of forbidden) expect(text.includes(word), `${file}: ${word}`).toBe(false);
    }
  });
});
