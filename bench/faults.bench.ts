/**
 * Faults with timings (issue 22): the scenarios of apps/server/test/faults.test.ts at full length, on a private
 * PostgreSQL cluster and a private Redis with two server processes. Goals: bids accepted again ≤ 2 s after PostgreSQL
 * is back; bids on other lots ≤ 100 ms slower (p99) while one lot's row is locked for 20 s; a lot's end fired ≤ 2 s
 * late with a frozen leader; no process exits; every acknowledged bid stored exactly once.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildLot } from '../apps/server/test/support/factories.ts';
import {
  type Bidder,
  call,
  keepBidding,
  type Outcome,
  sleep,
  startFaultFloor,
} from '../apps/server/test/support/faultFloor.ts';
import { connectLive } from '../apps/server/test/support/live.ts';
import { machine, summarize } from './support/report.ts';

const DOWN_SECONDS = 30;
const LOCK_SECONDS = 20;

/** Replies by status ("503: Сервис временно недоступен..."), for the report. */
function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.status === 200 ? '200' : `${o.status}${o.message ? `: ${o.message}` : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Bids on one node until the first is accepted; the time from `since` (Date.now()) to that reply. */
async function firstAccepted(
  bidder: Bidder,
  url: string,
  since: number,
  limitMs = 30_000,
): Promise<number | null> {
  while (Date.now() - since < limitMs) {
    const outcome = await bidder.once(url);
    if (outcome.status === 200) return outcome.at - since;
  }
  return null;
}

export async function faultsBenchmark() {
  const floor = await startFaultFloor(4);
  const { cluster, redis, a, b } = floor;
  const all: Bidder[] = [];
  const track = async (k: number) => {
    const bidder = await floor.resume(k);
    all.push(bidder);
    return bidder;
  };
  try {
    // Redis: down at start, then killed for 3 s under bidding and started again, then slow for 3 s.
    const redisBidder = await track(0);
    const downAtStart: number[] = [];
    for (let i = 0; i < 20; i++) downAtStart.push((await redisBidder.once(i % 2 ? a.url : b.url)).ms);
    await redis.start();
    await sleep(1_500);
    const socket = await connectLive(b.url, floor.tokens[1]!);
    socket.send({ command: 'subscribe', channel: 'LotsStream', briefcase_id: floor.briefcaseId });
    await socket.waitFor((m) => m.type === 'subscribed');
    await redis.kill();
    const killed: number[] = [];
    for (const until = Date.now() + 3_000; Date.now() < until; )
      killed.push((await redisBidder.once(a.url)).ms);
    const target = await floor.lotVersion(redisBidder.lotId);
    const back = performance.now();
    await redis.start();
    const snapshot = await socket
      .waitFor(
        (m) => m.action === 'lot_update' && (m.payload as { id: number; version: number }).version === target,
        10_000,
      )
      .then(
        () => performance.now() - back,
        () => null,
      );
    socket.close();
    const slow = redis.command('DEBUG SLEEP 3');
    await sleep(50);
    const slowed: number[] = [];
    for (const until = Date.now() + 2_500; Date.now() < until; )
      slowed.push((await redisBidder.once(a.url)).ms);
    await slow;

    // PostgreSQL: restarted, crashed, then down for DOWN_SECONDS, under three bidders on both nodes.
    const pgBidders = [await track(1), await track(2), await track(3)];
    let load = keepBidding(pgBidders, [a.url, b.url]);
    await sleep(2_000);
    await cluster.restart();
    let at = Date.now();
    const afterRestart = await firstAccepted(await track(0), a.url, at);
    await sleep(1_000);
    await cluster.crash();
    await sleep(1_000);
    await cluster.start();
    at = Date.now();
    const afterCrash = await firstAccepted(all[all.length - 1]!, a.url, at);
    await sleep(1_000);
    await cluster.stop('fast');
    const downFrom = pgBidders.map((x) => x.outcomes.length);
    const timeDuring: Outcome[] = [];
    for (const until = Date.now() + DOWN_SECONDS * 1000; Date.now() < until; await sleep(500)) {
      timeDuring.push(await call(`${b.url}/time`, floor.tokens[0]!, 'GET'));
    }
    await cluster.start();
    at = Date.now();
    const afterDown = await firstAccepted(all[all.length - 1]!, b.url, at);
    await sleep(1_000);
    await load.stop();
    const duringDown = pgBidders.flatMap((x, i) => x.outcomes.slice(downFrom[i]).filter((o) => o.at < at));

    // A row lock held LOCK_SECONDS on one lot while the other lots are bid on.
    const held = await track(0);
    const others = [await track(1), await track(2), await track(3)];
    const marks = others.map((x) => x.outcomes.length);
    load = keepBidding(others, [a.url]);
    await sleep(5_000);
    const before = others.flatMap((x, i) => x.outcomes.slice(marks[i]).map((o) => o.ms));
    const lockMarks = others.map((x) => x.outcomes.length);
    const locker = new pg.Client({ connectionString: floor.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select id from lots where id = $1 for update', [held.lotId]);
    const heldReply = held.once(a.url);
    await sleep(LOCK_SECONDS * 1000);
    await locker.query('commit');
    await locker.end();
    await load.stop();
    const during = others.flatMap((x, i) => x.outcomes.slice(lockMarks[i]).map((o) => o.ms));
    const heldOutcome = await heldReply;
    const beforeSummary = summarize(before);
    const duringSummary = summarize(during);

    // A frozen leader (SIGSTOP) 0.8 s before a lot's end.
    const end = Date.now() + 4_000;
    const lot = await buildLot(
      floor.database.db,
      { id: floor.briefcaseId },
      { status: 'active', startDatetime: new Date(Date.now() - 60_000), endDatetime: new Date(end) },
    );
    const [leaderRow] = await cluster.query<{ application_name: string }>(
      `select application_name from pg_stat_activity where datname = 'etp' and application_name like 'etp-leader %'`,
    );
    const leader = [a, b].find((s) => s.child.pid === Number(leaderRow?.application_name.split(' ')[1]));
    await sleep(end - Date.now() - 800);
    leader?.child.kill('SIGSTOP');
    let endedAt = 0;
    while (!endedAt && Date.now() < end + 15_000) {
      const [row] = await cluster.query<{ status: string }>(
        'select status from lots where id = $1',
        [lot.id],
        'etp',
      );
      if (row?.status !== 'active') endedAt = Date.now();
      else await sleep(25);
    }
    const versionAtEnd = await floor.lotVersion(lot.id);
    leader?.child.kill('SIGCONT');
    await sleep(2_000);
    const firedOnce = (await floor.lotVersion(lot.id)) === versionAtEnd;

    const exits = [a, b].filter((s) => s.child.exitCode !== null || s.child.signalCode !== null).length;
    const stored = await floor.stored(all);
    const lockDelay = duringSummary.p99_ms - beforeSummary.p99_ms;
    const lateness = endedAt ? endedAt - end : null;
    const recoveries = [afterRestart, afterCrash, afterDown];
    const goals = {
      recovery_after_postgres_back_ms: {
        value: recoveries,
        threshold: 2_000,
        pass: recoveries.every((r) => r !== null && r <= 2_000),
      },
      other_lots_slower_during_lock_p99_ms: {
        value: +lockDelay.toFixed(2),
        threshold: 100,
        pass: lockDelay <= 100,
      },
      lot_end_late_with_frozen_leader_ms: {
        value: lateness,
        threshold: 2_000,
        pass: lateness !== null && lateness <= 2_000 && firedOnce,
      },
      process_exits: { value: exits, threshold: 0, pass: exits === 0 },
      acknowledged_bids_stored_once: {
        value: `${stored.storedOnce} of ${stored.acknowledged}`,
        pass: stored.storedOnce === stored.acknowledged,
      },
    };
    return {
      machine: machine(),
      parameters: {
        nodes: 2,
        postgres_down_seconds: DOWN_SECONDS,
        row_lock_seconds: LOCK_SECONDS,
        lock_timeout_ms: 5_000,
        leader_lease_ms: 1_500,
        note: 'private PostgreSQL cluster (fsync off) and redis-server started by the benchmark; bidders send one bid at a time with 20 ms pauses',
      },
      redis: {
        bid_latency_down_at_start: summarize(downAtStart),
        bid_latency_killed: summarize(killed),
        snapshot_to_open_socket_after_restart_ms: snapshot === null ? null : +snapshot.toFixed(1),
        bid_latency_slow_3s: summarize(slowed),
      },
      postgres: {
        first_bid_accepted_after_restart_ms: afterRestart,
        first_bid_accepted_after_crash_ms: afterCrash,
        first_bid_accepted_after_down_ms: afterDown,
        replies_while_down: tally(duringDown),
        bid_latency_while_down: summarize(duringDown.map((o) => o.ms)),
        time_while_down: tally(timeDuring),
      },
      row_lock: {
        other_lots_before: beforeSummary,
        other_lots_during: duringSummary,
        held_lot_reply: {
          status: heldOutcome.status,
          message: heldOutcome.message,
          ms: +heldOutcome.ms.toFixed(1),
        },
      },
      frozen_leader: { lot_end_late_ms: lateness, fired_once: firedOnce },
      goals,
      pass: Object.values(goals).every((g) => g.pass),
    };
  } finally {
    await floor.close();
  }
}
