/**
 * Hot lot: BIDDERS companies bid on ONE classic lot through the real HTTP API (the app listening on a port, a
 * keep-alive client in a child process), one bid in flight each, confirming when they lead. Two ways of bidding,
 * each on its own lot of the same server:
 * - ladder (the goal): each bid is one step above the bid sent before it, as if every bidder had seen the bid
 *   before its own. A bid is refused only when it reaches the lot after a higher one, so the figure is the rate
 *   at which the engine decides, stores and commits bids on one lot under contention;
 * - next_price: every bidder bids the next price it knows, learnt from its reply, from the lot's live updates (one
 *   WebSocket, as the bid dialog does) or, when neither has told it yet, by reading the lot. All but one bid of
 *   each price are refused as stale (409), so each accepted bid costs about BIDDERS requests: this measures how
 *   fast the node answers a crowd that bids the same price, and is reported beside the goal.
 *
 * Reference, same PostgreSQL server, same run: pgbench updating one row with as many clients as bidders, each
 * update committed on its own: the rate of an engine that commits every change of a lot in a transaction of its
 * own under the lot's row lock. Goal: ladder accepted bids/s >= 0.5 x pgbench tps (docs/decisions/0055). On
 * PGlite the reference is the same UPDATE run serially in process.
 */
import { eq } from 'drizzle-orm';
import { bids } from '../apps/server/src/db/schema/index.ts';
import { captureRefusal, startBareRefusal } from './support/bareRefusal.ts';
import { cpuMeter } from './support/cpu.ts';
import { type HotBidding, type PlanBuyer, type PlanLot, runLoad } from './support/load.ts';
import { createBuyers, createClassicMarket, readLots } from './support/market.ts';
import { pgbenchSingleRow } from './support/pgbench.ts';
import { pgliteSingleRow } from './support/pgliteRef.ts';
import { profiled } from './support/profile.ts';
import { goal, machine, perSecond, ratio, summarize } from './support/report.ts';
import { type BenchServer, type DriverKind, postgresUrl, startBenchServer } from './support/server.ts';

const BIDDERS = 50;
/** BENCH_QUICK=1: a short PostgreSQL-only run to compare while iterating (never committed as a result). */
const QUICK = process.env.BENCH_QUICK === '1';
const SECONDS = QUICK ? 5 : 10;
/**
 * The same load on the same lot first, not counted (`warmup` in the result): a freshly started node needs a few
 * seconds before its code is optimised and its bidders' sessions are cached (the spread benchmark does the same).
 */
const WARMUP_SECONDS = QUICK ? 3 : 5;
/**
 * Sessions per bidder: one, as a person at one browser has. (Until the bids route's rate limit became a setting,
 * BIDS_RATE_LIMIT_PER_MINUTE, raised here like the global one, each bidder spread its calls over four sessions.)
 */
const SESSIONS = 1;
const GOAL_RATIO = 0.5;
/** PGlite (issue 33): its bids share transactions too, so the ladder reaches a quarter of a bare UPDATE's rate. */
const PGLITE_GOAL_RATIO = 0.25;
/**
 * The crowd (issue 33, decisions/0267): next_price requests answered/s >= this x a bare Fastify route answering
 * the same refusal to the same client in the same run, and at least CROWD_FLOOR a second.
 */
const CROWD_GOAL_RATIO = 0.8;
const CROWD_FLOOR = 20_000;

/** One bidding model on its own lot of the server: accepted and stale bids, latency, CPU, and the lot after. */
async function run(server: BenchServer, buyers: PlanBuyer[], lot: PlanLot, bidding: HotBidding) {
  // CPU is counted from the end of the warm-up (the profile, a diagnosis, covers both).
  let meter = cpuMeter();
  const [load, profile] = await profiled(`hot-lot-${bidding}-${server.kind}`, () =>
    runLoad(
      {
        mode: 'hot',
        url: server.url,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        lot,
        bidders: buyers,
        bidding,
      },
      {
        onMeasuring: () => {
          meter = cpuMeter();
        },
      },
    ),
  );
  const cpu = { wall_s: +(load.elapsed_ms / 1000).toFixed(1), ...meter(), load_generator: load.cpu_s };
  const [final] = await readLots(server.ctx, [lot.id]);
  const stored = await server.ctx.db.$count(bids, eq(bids.lotId, lot.id));
  return {
    warmup: {
      seconds: WARMUP_SECONDS,
      accepted_bids: load.warmup_accepted,
      accepted_per_second_timeline: load.warmup_timeline,
    },
    accepted_bids: load.accepted,
    stale_bids_409: load.stale,
    other_replies: load.other,
    lot_reads: load.reads,
    accepted_bids_per_s: perSecond(load.accepted, load.elapsed_ms),
    attempts_per_s: perSecond(load.attempts, load.elapsed_ms),
    server_thread_us_per_request: load.attempts
      ? Math.round((cpu.trading_thread * 1e6) / load.attempts)
      : null,
    ack_latency_accepted: summarize(load.latencies),
    accepted_per_second_timeline: load.timeline,
    cpu_seconds: cpu,
    lot_after: final,
    // None lost, none doubled: the lot and the bids table both hold exactly the acknowledged bids (warm-up's too).
    consistent:
      final?.bidsCount === load.warmup_accepted + load.accepted &&
      stored === load.warmup_accepted + load.accepted,
    samples: load.samples,
    ...(profile ? { server_profile: profile } : {}),
  };
}

/**
 * Every bidder re-sends one stale price as soon as it is answered (bidding `refused`): each request is refused.
 * Against the bare route this is the crowd's reference; against our server it is what a stale refusal costs
 * alone, without the rounds of the next_price crowd (which wait for each accepted bid's commit).
 */
async function refusedCrowd(url: string, buyers: PlanBuyer[], lot: PlanLot, name: string) {
  let meter = cpuMeter();
  const [load, profile] = await profiled(name, () =>
    runLoad(
      {
        mode: 'hot',
        url,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        lot,
        bidders: buyers,
        bidding: 'refused',
      },
      {
        onMeasuring: () => {
          meter = cpuMeter();
        },
      },
    ),
  );
  const cpu = { wall_s: +(load.elapsed_ms / 1000).toFixed(1), ...meter(), load_generator: load.cpu_s };
  return {
    refused_409: load.stale,
    other_replies: load.other,
    requests_per_s: perSecond(load.attempts, load.elapsed_ms),
    cpu_seconds: cpu,
    // The server's main thread per request answered: what one refusal costs before its answer leaves.
    server_thread_us_per_request: load.attempts
      ? Math.round((cpu.trading_thread * 1e6) / load.attempts)
      : null,
    ...(profile ? { server_profile: profile } : {}),
  };
}

/**
 * The crowd's reference: the same client, bidders, tokens and bodies against a bare Fastify route that refuses
 * every bid with the bytes and headers of one of our stale refusals (support/bareRefusal.ts); and, for the
 * diagnosis, our server refusing the same stale bids.
 */
async function crowdReference(server: BenchServer, buyers: PlanBuyer[], lot: PlanLot) {
  const [after] = await readLots(server.ctx, [lot.id]);
  // A price the lot has passed: at its current price, below its next one.
  const stale = { ...lot, nextPrice: after?.currentPrice ?? lot.startPrice - lot.stepPrice };
  const refusal = await captureRefusal(server.url, buyers[0]!.tokens[0]!, {
    lot_id: lot.id,
    amount: stale.nextPrice,
  });
  const bare = await startBareRefusal(refusal);
  try {
    return {
      bare_route: {
        server:
          'bare Fastify, one route: POST /api/v1/bids answers our stale refusal (status, body, headers)',
        refusal,
        ...(await refusedCrowd(bare.url, buyers, stale, `hot-lot-bare-${server.kind}`)),
      },
      ours_stale_only: await refusedCrowd(server.url, buyers, stale, `hot-lot-stale-${server.kind}`),
    };
  } finally {
    await bare.close();
  }
}

async function measure(kind: DriverKind) {
  const server = await startBenchServer(kind, { poolSize: 20 });
  try {
    const buyers = await createBuyers(server.ctx, server.url, BIDDERS, {
      signInViaApi: 3,
      sessions: SESSIONS,
    });
    const [ladderLot, nextPriceLot] = await createClassicMarket(server.ctx, {
      procedures: 2,
      lotsPerProcedure: 1,
    });
    const ladder = await run(server, buyers, ladderLot!, 'ladder');
    const nextPrice = await run(server, buyers, nextPriceLot!, 'next_price');
    const crowd = await crowdReference(server, buyers, nextPriceLot!);
    const reference =
      kind === 'postgres'
        ? await pgbenchSingleRow(server.databaseUrl!, BIDDERS, SECONDS)
        : await pgliteSingleRow(server.ctx.db, 5);
    return {
      ladder: { ...ladder, ratio: ratio(ladder.accepted_bids_per_s, reference.tps) },
      next_price: {
        ...nextPrice,
        ratio: ratio(nextPrice.accepted_bids_per_s, reference.tps),
        ...crowd,
        requests_ratio_to_bare: ratio(nextPrice.attempts_per_s, crowd.bare_route.requests_per_s),
        stale_only_ratio_to_bare: ratio(
          crowd.ours_stale_only.requests_per_s,
          crowd.bare_route.requests_per_s,
        ),
      },
      reference,
    };
  } finally {
    await server.close();
  }
}

export async function hotLotBenchmark() {
  postgresUrl();
  const postgres = await measure('postgres');
  const pglite = QUICK ? null : await measure('pglite');
  const verdict = goal(
    `PostgreSQL, ladder bidding: accepted bids/s on one lot >= ${GOAL_RATIO} x pgbench single-row UPDATE tps (-c ${BIDDERS})`,
    postgres.ladder.ratio,
    GOAL_RATIO,
    'at_least',
  );
  const pgliteVerdict = pglite
    ? goal(
        `PGlite, ladder bidding: accepted bids/s on one lot >= ${PGLITE_GOAL_RATIO} x the same single-row UPDATE run serially in process`,
        pglite.ladder.ratio,
        PGLITE_GOAL_RATIO,
        'at_least',
      )
    : null;
  const crowd = postgres.next_price;
  const crowdVerdict = {
    ...goal(
      `PostgreSQL, next_price crowd: requests answered/s >= ${CROWD_GOAL_RATIO} x a bare Fastify route answering the same refusal to the same client, and >= ${CROWD_FLOOR}/s`,
      crowd.requests_ratio_to_bare,
      CROWD_GOAL_RATIO,
      'at_least',
    ),
    requests_per_s: crowd.attempts_per_s,
    bare_requests_per_s: crowd.bare_route.requests_per_s,
    floor_per_s: CROWD_FLOOR,
  };
  crowdVerdict.pass &&= crowd.attempts_per_s >= CROWD_FLOOR;
  return {
    machine: machine(),
    parameters: {
      bidders: BIDDERS,
      sessions_per_bidder: SESSIONS,
      warmup_seconds: WARMUP_SECONDS,
      seconds: SECONDS,
      lot: 'classic, start 10 000 ₽, step 100 ₽, no autobids, no anti-sniping',
      bid: 'confirm: true on every bid (a leader must confirm raising its own bid)',
      ladder: 'each bid one step above the bid sent before it (a counter shared by the bidders)',
      next_price:
        'every bidder bids the next price it knows: from its own accepted reply, else the lot live update (LotsStream), else GET /api/v1/lots/:id',
    },
    postgres,
    pglite,
    goal: verdict,
    pglite_goal: pgliteVerdict,
    crowd_goal: crowdVerdict,
    pass: verdict.pass && (pgliteVerdict?.pass ?? true) && crowdVerdict.pass,
  };
}
