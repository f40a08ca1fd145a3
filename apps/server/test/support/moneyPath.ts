/**
 * Model-based tests of the money path (issue 29, decisions/0238): random sequences of bids, changes,
 * withdrawals, autobids, "+N мин", the end of trading, the seller's choice and the second round, by three buyers
 * on classic, dutch and sealed lots, through the HTTP API, each step checked against a plain model of the rules
 * (moneyModel.ts) for every role. One test file per format (moneyPath.<format>.model.test.ts) calls
 * moneyPathModel. MODEL_SEED (the base seed) and MODEL_RUNS (runs on each driver) override the defaults; a failure
 * names the driver, its seed, the replay path (MODEL_PATH) and the shrunk command sequence.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Scheduler } from '../../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './app.ts';
import { DRIVERS } from './db.ts';
import { buildBriefcase, buildLot } from './factories.ts';
import {
  AdvanceCommand,
  type AmountKind,
  AutobidCommand,
  AutobidOffCommand,
  BidCommand,
  checkViews,
  MasterActionCommand,
  PickWinnerCommand,
  type Real,
  RenewCommand,
  SecondRoundCommand,
  tally,
  WithdrawCommand,
} from './moneyCommands.ts';
import * as M from './moneyModel.ts';
import { api, buildFloor, type Floor } from './trading.ts';

const SEED = Number(process.env.MODEL_SEED ?? 20_260_529);
const RUNS = process.env.MODEL_RUNS ? Number(process.env.MODEL_RUNS) : null;
/** fast-check's replay path of a failure (with its seed), to rerun just that case. */
const PATH = process.env.MODEL_PATH;
const MAX_COMMANDS = 15;

const company = fc.integer({ min: 0, max: 2 });
const actor = fc.oneof(company, fc.constantFrom('seller' as const, 'admin' as const));
/** The seller chooses most often; administrators and (refused) buyers now and then. */
const chooser = fc.oneof(
  { arbitrary: fc.constant('seller' as const), weight: 3 },
  { arbitrary: actor, weight: 2 },
);
const master = fc.constantFrom('seller' as const, 'admin' as const);

function bids(kinds: AmountKind[]) {
  return fc
    .tuple(company, fc.constantFrom(...kinds), fc.integer({ min: 1, max: 5 }), fc.boolean())
    .map(
      ([c, kind, k, confirm]) =>
        new BidCommand(c, kind, kind === 'steps' || kind === 'offGrid' ? k : 0, confirm),
    );
}

/** The moves of one format, weighted towards bidding and the clock. */
function commandsOf(format: M.Format) {
  const common = [
    {
      arbitrary: fc
        .tuple(master, fc.constantFrom('bid', 'autobid', 'withdraw', 'renew') as fc.Arbitrary<'bid'>)
        .map(([a, x]) => new MasterActionCommand(a, x)),
      weight: 1,
    },
    { arbitrary: company.map((c) => new RenewCommand(c)), weight: 2 },
    {
      arbitrary: fc.oneof(
        fc.constantFrom(1, 3, 7, 15, 30).map((n) => new AdvanceCommand(n, null)),
        // Up to a given time before the end (negative: past it): the "+N мин" and anti-sniping boundaries.
        fc
          .constantFrom(-60_000, -60_000, -60_000, 0, 60_000, 299_999, 300_000, 300_001, 600_000)
          .map((ms) => new AdvanceCommand(0, ms)),
      ),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(
          chooser,
          fc.option(fc.nat(5), { nil: null }),
          fc.constantFrom(false, false, true),
          fc.boolean(),
        )
        .map(([a, c, stale, then]) => new PickWinnerCommand(a, c, stale, then)),
      weight: 3,
    },
  ];
  const autobids = [
    {
      arbitrary: fc.tuple(company, fc.integer({ min: 0, max: 7 })).map(([c, k]) => new AutobidCommand(c, k)),
      weight: 3,
    },
    { arbitrary: company.map((c) => new AutobidOffCommand(c)), weight: 1 },
  ];
  switch (format) {
    case 'classic':
      return [
        { arbitrary: bids(['next', 'next', 'steps', 'stale', 'offGrid', 'belowStart', 'zero']), weight: 6 },
        ...autobids,
        ...common,
      ];
    case 'dutch':
      return [
        {
          arbitrary: bids(['next', 'steps', 'steps', 'floor', 'above', 'offGrid', 'belowStart', 'zero']),
          weight: 5,
        },
        {
          arbitrary: fc
            .tuple(company, fc.integer({ min: 1, max: 3 }))
            .map(([c, k]) => new AutobidCommand(c, k)),
          weight: 1,
        },
        ...common,
      ];
    default:
      return [
        {
          arbitrary: bids(['next', 'mid', 'mid', 'mid', 'osz', 'aboveOsz', 'belowStart', 'zero']),
          weight: 6,
        },
        {
          arbitrary: fc.tuple(company, fc.boolean()).map(([c, slash]) => new WithdrawCommand(c, slash)),
          weight: 2,
        },
        { arbitrary: chooser.map((a) => new SecondRoundCommand(a)), weight: 3 },
        ...common,
      ];
  }
}

interface Setup {
  format: M.Format;
  endMode: 'ransom' | 'convert';
  ready: boolean;
  startInMin: number;
  lengthMin: number;
  step: number;
  base: number;
  steps: number;
  shortLast: boolean;
  periodMin: number;
  antiSnipeMin: number;
  maxBids: number | null;
  oszTimes: number;
}

function setupOf(format: M.Format): fc.Arbitrary<Setup> {
  return fc.record({
    format:
      format === 'private_requests'
        ? fc.constantFrom('private_requests', 'bank_to_bank')
        : fc.constant(format),
    // Convert more often: its second round needs offers, the end and the seller's choice in one run.
    endMode:
      format === 'private_requests' ? fc.constantFrom('ransom', 'convert', 'convert') : fc.constant('ransom'),
    ready: fc.constantFrom(true, false, false, false),
    startInMin: fc.integer({ min: 1, max: 12 }),
    lengthMin: fc.integer({ min: 6, max: 30 }),
    step: fc.constantFrom(50_000, 100_000),
    base: fc.integer({ min: 10, max: 30 }).map((n) => n * 100_000 + 10_000 * (n % 7)),
    steps: fc.integer({ min: 2, max: 5 }),
    shortLast: fc.boolean(),
    periodMin: fc.constantFrom(5, 10),
    antiSnipeMin: format === 'classic' ? fc.constantFrom(0, 5, 10) : fc.constant(0),
    maxBids: format === 'dutch' ? fc.constantFrom(null, 1, 2) : fc.constant(null),
    oszTimes: fc.integer({ min: 2, max: 8 }),
  }) as fc.Arbitrary<Setup>;
}

/** The lot's parameters as the seller set them, times from `now`. */
function paramsOf(s: Setup, now: number): M.LotParams {
  const start = s.ready ? now + s.startInMin * M.MINUTE : now - (s.format === 'dutch' ? 0 : 60 * M.MINUTE);
  const maxPrice = s.base + (s.steps - 1) * s.step + (s.shortLast ? s.step / 2 : s.step);
  const p: M.LotParams = {
    format: s.format,
    endMode: s.endMode,
    startMs: start,
    endMs: 0,
    startPrice: s.base,
    step: s.step,
    maxPrice,
    periodMin: s.periodMin,
    antiSnipeMin: s.antiSnipeMin,
    maxBids: s.maxBids,
    osz: s.base * s.oszTimes,
  };
  // A dutch lot ends when its clock has spent one period at the floor.
  p.endMs =
    s.format === 'dutch'
      ? start + M.dutchStepCount(p) * s.periodMin * M.MINUTE
      : (s.ready ? start : now) + s.lengthMin * M.MINUTE;
  return p;
}

/**
 * The model test of one format: `runs` fast-check runs (MODEL_RUNS overrides) shared out between the drivers, each
 * from a seed of its own (the fixed seed, plus the driver's place in DRIVERS), so the drivers together check `runs`
 * different sequences and each driver at least half of them (decisions/0276). One file per format, so that Vitest
 * spreads the formats over its workers (decisions/0153).
 */
export function moneyPathModel(format: M.Format, title: string, runs: number) {
  const drivers = DRIVERS.map((driver, place) => ({ driver, seed: SEED + place }));
  describe.each(drivers)('the money path against a model of the rules on $driver', ({ driver, seed }) => {
    let t: TestApp;
    let floor: Floor;
    let scheduler: Scheduler;
    let base: Date;

    beforeAll(async () => {
      t = await createTestApp(driver, {
        ACCESS_TOKEN_TTL_SECONDS: '86400',
        RATE_LIMIT_PER_MINUTE: '1000000',
        BIDS_RATE_LIMIT_PER_MINUTE: '1000000',
      });
      floor = await buildFloor(t, 3);
      scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
        throw error;
      });
      base = t.clock.now();
    });
    afterAll(async () => {
      if (process.env.MODEL_STATS)
        console.log(
          [...tally]
            .sort()
            .map(([k, n]) => `${k}: ${n}`)
            .join('\n'),
        );
      await scheduler.stop();
      await t.close();
    });

    /** A fresh procedure with one lot per run; the clock goes back to the same morning (tokens stay valid). */
    async function setup(s: Setup) {
      t.clock.set(base);
      const now = base.getTime();
      const p = paramsOf(s, now);
      const status = s.ready ? 'ready' : 'active';
      const dutch = s.format === 'dutch';
      const briefcase = await buildBriefcase(t.ctx.db, floor.sellerCompany, {
        auctionType: s.format,
        endMode: s.endMode,
        status,
        startDatetime: new Date(p.startMs),
        endDatetime: new Date(p.endMs),
        renewalAfterLastBid: p.antiSnipeMin > 0,
        renewalAfterLastBidInMinutes: p.antiSnipeMin,
        lotRenewalMinutes: p.periodMin,
        maxBids: p.maxBids,
        stepPrice: p.step,
      });
      const lot = await buildLot(t.ctx.db, briefcase, {
        status,
        startPrice: p.startPrice,
        stepPrice: p.step,
        amountBottomline: p.osz,
        startDatetime: new Date(p.startMs),
        endDatetime: new Date(p.endMs),
        ...(dutch
          ? {
              maxPrice: p.maxPrice,
              minPrice: p.startPrice,
              stepCount: M.dutchStepCount(p),
              currentStep: 1,
              currentPrice: p.maxPrice,
            }
          : {}),
      });
      const real: Real = { t, call: api(t), floor, scheduler, briefcaseId: briefcase.id, lotId: lot.id };
      const model = M.newModel(p, now, status);
      await checkViews(model, real, null, false);
      return { model, real };
    }
    it(`agrees with the model on ${title}`, async () => {
      const property = fc.asyncProperty(
        setupOf(format),
        fc.commands([fc.oneof(...commandsOf(format))], { maxCommands: MAX_COMMANDS, size: 'max' }),
        async (s, commands) => {
          await fc.asyncModelRun(() => setup(s), commands);
        },
      );
      try {
        await fc.assert(property, {
          seed,
          numRuns: RUNS ?? Math.ceil(runs / drivers.length),
          ...(PATH ? { path: PATH, endOnFailure: true } : {}),
        });
      } catch (error) {
        const cause = (error as Error).cause as Error | undefined;
        throw new Error(
          `money path model (${format}) on ${driver} (seed ${seed}), rerun with MODEL_SEED=${SEED}\n` +
            `${(error as Error).message}` +
            `\n${cause?.message ?? ''}`,
        );
      }
    }, 600_000);
  });
}
