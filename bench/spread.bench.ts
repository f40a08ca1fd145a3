/**
 * Spread: 1,000 active classic lots (20 procedures of 50) and 500 buyer companies bidding through the real HTTP
 * API from a child process, at most one bid in flight per lot, each bid the lot's next price by a company that
 * does not lead it (so every bid should be accepted: the engine's throughput, not contention, is measured).
 *
 * (a) Maximum throughput: CONCURRENCY bids in flight at all times, after a warm-up of the same load that is not
 *     counted (WARMUP_SECONDS); goal >= 4,000 accepted bids/s.
 * (b) Latency at a fixed offered load: an open loop of 500 bids/s (a bid every 2 ms whatever the replies; latency
 *     counts from the scheduled instant, so a server that falls behind is charged for the queue); goal: p99 of the
 *     acknowledgement < 25 ms. The same open loop at half the measured maximum shows the latency where the machine
 *     keeps up.
 * Reference, same server and run: pgbench's single-row UPDATE with 50 clients (the durable-commit rate of
 * this PostgreSQL; each accepted bid needs at least one such commit).
 */
import { count, eq } from 'drizzle-orm';
import { bids } from '../apps/server/src/db/schema/index.ts';
import { cpuMeter } from './support/cpu.ts';
import { type LoadPlan, type LoadResult, runLoad } from './support/load.ts';
import { createBuyers, createClassicMarket, refreshLots } from './support/market.ts';
import { pgbenchSingleRow } from './support/pgbench.ts';
import { pgliteBidWrites } from './support/pgliteRef.ts';
import { profiled } from './support/profile.ts';
import { goal, machine, perSecond, ratio, summarize } from './support/report.ts';
import { type DriverKind, postgresUrl, startBenchServer } from './support/server.ts';

const PROCEDURES = 20;
const LOTS_PER_PROCEDURE = 50;
const BUYERS = 500;
const CONCURRENCY = 64;
/** BENCH_QUICK=1: a short PostgreSQL-only run to compare while iterating (never committed as a result). */
const QUICK = process.env.BENCH_QUICK === '1';
const MAX_SECONDS = QUICK ? 5 : 12;
/**
 * The same closed loop, run first and not counted: a server that has been up a while has its code optimised by the
 * JIT, its buyers' sessions cached and its statements prepared; a cold one needs about five seconds to get there
 * (the warm-up's own per-second figures are in the result).
 */
const WARMUP_SECONDS = QUICK ? 3 : 6;
const PACED_SECONDS = QUICK ? 5 : 10;
/** Each open loop first runs this long uncounted, so that its connections are open (see LoadPlan `warmupSeconds`). */
const PACED_WARMUP_SECONDS = 1;
const OFFERED_RATE = 500;
const GOAL_THROUGHPUT = 4000;
const GOAL_P99_MS = 25;
/** PGlite (the embedded database): accepted bids/s over the 1,000 lots, and against its serial reference. */
const GOAL_PGLITE_THROUGHPUT = 1000;
const GOAL_PGLITE_RATIO = 1;
const PGLITE_REFERENCE_SECONDS = 5;

/** Runs the plan with the CPU of server, PostgreSQL and load generator counted (and profiled: BENCH_PROFILE=1). */
async function measured(plan: LoadPlan, name: string) {
  // CPU is counted from the end of the plan's warm-up (the profile, a diagnosis, covers both).
  let meter = cpuMeter();
  const [load, profile] = await profiled(name, () =>
    runLoad(plan, {
      onMeasuring: () => {
        meter = cpuMeter();
      },
    }),
  );
  const cpu = { wall_s: +(load.elapsed_ms / 1000).toFixed(1), ...meter(), load_generator: load.cpu_s };
  return { ...describe(load, cpu), ...(profile ? { server_profile: profile } : {}) };
}

function describe(load: LoadResult, cpu: Record<string, number>) {
  return {
    warmup: { accepted_bids: load.warmup_accepted, accepted_per_second_timeline: load.warmup_timeline },
    attempts: load.attempts,
    accepted_bids: load.accepted,
    refused_409: load.stale,
    other_replies: load.other,
    skipped_all_lots_busy: load.skipped,
    elapsed_ms: Math.round(load.elapsed_ms),
    accepted_bids_per_s: perSecond(load.accepted, load.elapsed_ms),
    ack_latency_accepted: summarize(load.latencies),
    accepted_per_second_timeline: load.timeline,
    cpu_seconds: cpu,
    samples: load.samples,
  };
}

async function measure(kind: DriverKind, options: { paced: boolean }) {
  const server = await startBenchServer(kind, { poolSize: 20 });
  try {
    const buyers = await createBuyers(server.ctx, server.url, BUYERS, { signInViaApi: 5 });
    const lots = await createClassicMarket(server.ctx, {
      procedures: PROCEDURES,
      lotsPerProcedure: LOTS_PER_PROCEDURE,
    });
    // Each run starts from the lots' prices and leaders as the previous run left them.
    const base = async () => ({ url: server.url, lots: await refreshLots(server.ctx, lots), buyers });
    const { warmup, ...max } = await measured(
      {
        mode: 'closed',
        seconds: MAX_SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        concurrency: CONCURRENCY,
        ...(await base()),
      },
      `spread-max-${kind}`,
    );
    const result: Record<string, unknown> = {
      warmup: { seconds: WARMUP_SECONDS, ...warmup },
      max_throughput: max,
    };
    let accepted = warmup.accepted_bids + max.accepted_bids;
    if (options.paced) {
      const offered = await measured(
        {
          mode: 'paced',
          seconds: PACED_SECONDS,
          rate: OFFERED_RATE,
          warmupSeconds: PACED_WARMUP_SECONDS,
          ...(await base()),
        },
        `spread-offered-${kind}`,
      );
      const halfRate = Math.max(1, Math.round(max.accepted_bids_per_s / 2));
      const half = await measured(
        {
          mode: 'paced',
          seconds: PACED_SECONDS,
          rate: halfRate,
          warmupSeconds: PACED_WARMUP_SECONDS,
          ...(await base()),
        },
        `spread-half-${kind}`,
      );
      result.offered_500_per_s = { offered_per_s: OFFERED_RATE, ...offered };
      result.offered_half_of_max = { offered_per_s: halfRate, ...half };
      accepted +=
        offered.accepted_bids + offered.warmup.accepted_bids + half.accepted_bids + half.warmup.accepted_bids;
    }
    const [stored] = await server.ctx.db.select({ n: count() }).from(bids).where(eq(bids.state, 'active'));
    result.stored_bids = stored?.n ?? 0;
    // None lost, none doubled: the bids table holds exactly the acknowledged bids.
    result.consistent = result.stored_bids === accepted;
    if (kind === 'postgres' && !QUICK) {
      // 50 sessions: the server's max_connections (100) also holds the app's pools.
      const reference = await pgbenchSingleRow(server.databaseUrl!, 50, 10);
      result.reference = reference;
      result.ratio_max_throughput_to_pgbench = ratio(max.accepted_bids_per_s, reference.tps);
    }
    if (kind === 'pglite') {
      // The same writes a bid makes, one transaction per bid, serially in process (PGlite has one session).
      const reference = await pgliteBidWrites(
        server.ctx.db,
        lots.map((l) => l.id),
        PGLITE_REFERENCE_SECONDS,
      );
      result.reference = reference;
      result.ratio_max_throughput_to_serial_bid_writes = ratio(max.accepted_bids_per_s, reference.tps);
    }
    return result;
  } finally {
    await server.close();
  }
}

export async function spreadBenchmark() {
  postgresUrl();
  const postgres = await measure('postgres', { paced: true });
  const pglite = QUICK ? null : await measure('pglite', { paced: false });
  const max = postgres.max_throughput as ReturnType<typeof describe>;
  const pgliteMax = pglite?.max_throughput as ReturnType<typeof describe> | undefined;
  const offered = postgres.offered_500_per_s as ReturnType<typeof describe>;
  const goals = [
    goal(
      `PostgreSQL: accepted bids/s at concurrency ${CONCURRENCY} >= ${GOAL_THROUGHPUT}`,
      max.accepted_bids_per_s,
      GOAL_THROUGHPUT,
      'at_least',
    ),
    goal(
      `PostgreSQL: p99 acknowledgement at ${OFFERED_RATE} bids/s offered < ${GOAL_P99_MS} ms`,
      offered.ack_latency_accepted.p99_ms,
      GOAL_P99_MS,
      'below',
    ),
    goal(
      `PostgreSQL: the server keeps up with ${OFFERED_RATE} bids/s offered (>= 99% of them accepted)`,
      offered.accepted_bids,
      Math.ceil(OFFERED_RATE * PACED_SECONDS * 0.99),
      'at_least',
    ),
    ...(pglite && pgliteMax
      ? [
          goal(
            `PGlite: accepted bids/s at concurrency ${CONCURRENCY} >= ${GOAL_PGLITE_THROUGHPUT}`,
            pgliteMax.accepted_bids_per_s,
            GOAL_PGLITE_THROUGHPUT,
            'at_least',
          ),
          goal(
            `PGlite: accepted bids/s at concurrency ${CONCURRENCY} >= ${GOAL_PGLITE_RATIO} x the same writes of one bid per transaction, serially in process`,
            pglite.ratio_max_throughput_to_serial_bid_writes as number,
            GOAL_PGLITE_RATIO,
            'at_least',
          ),
        ]
      : []),
  ];
  return {
    machine: machine(),
    parameters: {
      procedures: PROCEDURES,
      lots: PROCEDURES * LOTS_PER_PROCEDURE,
      buyers: BUYERS,
      buyers_signed_in_via_api: 5,
      concurrency: CONCURRENCY,
      warmup_seconds: WARMUP_SECONDS,
      max_seconds: MAX_SECONDS,
      offered_rate_per_s: OFFERED_RATE,
      paced_warmup_seconds: PACED_WARMUP_SECONDS,
      paced_seconds: PACED_SECONDS,
      bid: 'next price of a random idle lot, by a random buyer not leading it; one bid in flight per lot',
    },
    postgres,
    pglite,
    goals,
    pass: goals.every((g) => g.pass),
  };
}
