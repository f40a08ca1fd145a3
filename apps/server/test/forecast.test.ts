/**
 * POST /api/v1/predicted_price/predict and the model's versions (issue 17): who may call it, the prior below the
 * history threshold, the model once trained, forecasts recording their version, what-ifs leaving the lot alone.
 */
import {
  encodeForecastInput,
  FORECAST_FLAGS,
  FORECAST_MESSAGES,
  FORECAST_MIN_HISTORY,
  type ForecastLotFacts,
  forecastFormOf,
  forecastInputFromLot,
  priorShares,
  shareToPrice,
} from '@etp/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forecastModels, forecasts, lots } from '../src/db/schema/index.ts';
import { retrainIfDue } from '../src/modules/forecast/forecast.service.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { insertSoldHistory } from './support/forecastHistory.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const TRAINING_TIMEOUT = 240_000;

const analytics = {
  dead: 3,
  bankruptcy: 6,
  court_order: 90,
  enforcement_proceedings: 40,
  paid_amount: 70,
  amount_for_360_days_cents: 2_500_000_00,
  regions_list: { '77': 40, '16': 110 },
};

describe.each(DRIVERS)('price forecast on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let lotId: number;
  let briefcaseId: number;
  let facts: ForecastLotFacts;

  const predict = (who: Trader, lotParams: object[]) =>
    call.send(who, 'POST', '/api/v1/predicted_price/predict', { lot_params: lotParams });
  const ownForm = () => ({ id: lotId, ...forecastFormOf(forecastInputFromLot(facts)) });
  const lotRow = async () => (await t.ctx.db.select().from(lots).where(eq(lots.id, lotId)))[0]!;
  const forecastRows = () => t.ctx.db.select().from(forecasts).orderBy(asc(forecasts.id));

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    call = api(t);
    const { lot, briefcase } = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 86_400_000,
      endInMs: 90_000_000,
      lot: {
        amountTotal: 1_400_000_000,
        amountBottomline: 2_000_000_000,
        itemsCount: 150,
        dpd: 540,
        dplp: 400,
        analytics: analytics as never,
      },
    });
    lotId = lot.id;
    briefcaseId = briefcase.id;
    facts = {
      auctionType: 'classic',
      amountTotal: 1_400_000_000,
      amountBottomline: 2_000_000_000,
      dpd: 540,
      dplp: 400,
      itemsCount: 150,
      sellerKind: 'bank',
      analytics,
    };
  });
  afterAll(() => t.close());

  it('refuses a buyer, a lot that does not exist, and a malformed form', async () => {
    const buyer = await predict(floor.buyers[0]!, [ownForm()]);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json().message).toBe(FORECAST_MESSAGES.notAllowed);
    expect((await predict(floor.seller, [{ ...ownForm(), id: lotId + 10_000 }])).statusCode).toBe(404);
    expect((await predict(floor.seller, [{ ...ownForm(), dpd: -5 }])).statusCode).toBe(422);
    expect((await predict(floor.seller, [{ ...ownForm(), flags: { dead: 1.5 } }])).statusCode).toBe(422);
    // An id the database cannot hold is refused before any query (not a 500 from PostgreSQL).
    expect((await predict(floor.seller, [{ ...ownForm(), id: 2 ** 31 }])).statusCode).toBe(422);
    expect(await forecastRows()).toEqual([]);
  });

  it('answers the owner from the documented prior while history is short, says so, and stores it on the lot', async () => {
    const res = await predict(floor.seller, [ownForm()]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const shares = priorShares({ seller_type: 'bank', dpd: 540 });
    const expected = {
      start_price: shareToPrice(shares.low, 2_000_000_000),
      end_price: shareToPrice(shares.median, 2_000_000_000),
    };
    expect(data.predicted_price).toEqual({ [String(lotId)]: expected });
    expect(data.model).toMatchObject({
      source: 'prior',
      version: null,
      note: FORECAST_MESSAGES.priorNote,
      min_history: FORECAST_MIN_HISTORY,
      history_size: 0,
    });
    expect(data.forecasts[0]).toMatchObject({ ...expected, own: true, previous: null });
    expect(await lotRow()).toMatchObject({
      predictedStartPrice: expected.start_price,
      predictedEndPrice: expected.end_price,
    });
    expect(await forecastRows()).toEqual([
      expect.objectContaining({
        lotId,
        modelId: null,
        source: 'prior',
        own: true,
        userId: floor.seller.userId,
      }),
    ]);
  });

  it('lets an administrator try another DPD: the new range beside the previous one, the lot left alone', async () => {
    const before = await lotRow();
    const res = await predict(floor.admin, [{ ...ownForm(), dpd: 1500 }]);
    expect(res.statusCode).toBe(200);
    const [f] = res.json().data.forecasts;
    expect(f.own).toBe(false);
    expect(f.end_price).toBeLessThan(before.predictedEndPrice!);
    expect(f.previous).toMatchObject({
      start_price: before.predictedStartPrice,
      end_price: before.predictedEndPrice,
      model_version: null,
    });
    expect(await lotRow()).toMatchObject({
      predictedStartPrice: before.predictedStartPrice,
      predictedEndPrice: before.predictedEndPrice,
    });
  });

  it(
    'trains a version once enough lots sold, answers from it with reasons, and keeps old forecasts on their version',
    async () => {
      const sold = await insertSoldHistory(t, floor, 11);
      expect(sold).toBeGreaterThanOrEqual(FORECAST_MIN_HISTORY);

      const first = await retrainIfDue(t.ctx);
      expect(first).toMatchObject({
        source: 'model',
        training_size: sold,
        history_size: sold,
      });
      expect(first!.backtest).toMatchObject({ test_size: Math.ceil(sold * 0.2) });
      // Nothing new sold since: not due again.
      expect(await retrainIfDue(t.ctx)).toBeNull();

      const res = await predict(floor.admin, [ownForm()]);
      const data = res.json().data;
      expect(data.model).toMatchObject({
        source: 'model',
        version: first!.version,
        note: FORECAST_MESSAGES.modelNote,
      });
      const [f] = data.forecasts;
      expect(f.start_price).toBeGreaterThan(0);
      expect(f.start_price).toBeLessThanOrEqual(f.end_price);
      expect(f.reasons.length).toBeGreaterThan(0);
      expect(f.reasons.length).toBeLessThanOrEqual(5);
      expect(f.previous).toMatchObject({ model_version: null });

      const retrained = await call.send(floor.admin, 'POST', '/api/v1/predicted_price/retrain');
      expect(retrained.statusCode).toBe(200);
      const second = retrained.json().data;
      expect(second.version).toBeGreaterThan(first!.version!);
      expect(await t.ctx.db.select({ id: forecastModels.id }).from(forecastModels)).toHaveLength(2);

      const again = (await predict(floor.seller, [ownForm()])).json().data;
      expect(again.model.version).toBe(second.version);
      expect(again.forecasts[0].previous).toMatchObject({ model_version: first!.version });
      const versions = (await forecastRows()).map((r) => [r.source, r.modelId]);
      expect(versions).toEqual([
        ['prior', null],
        ['prior', null],
        ['model', first!.version],
        ['model', second.version],
      ]);
      // The seller's call with the lot's own form made it the lot's forecast again.
      expect(await lotRow()).toMatchObject({
        predictedStartPrice: again.forecasts[0].start_price,
        predictedEndPrice: again.forecasts[0].end_price,
      });
    },
    TRAINING_TIMEOUT,
  );

  it('keeps retraining and the model figures to administrators', async () => {
    expect((await call.send(floor.seller, 'POST', '/api/v1/predicted_price/retrain')).statusCode).toBe(403);
    expect((await call.get(floor.buyers[0]!, '/api/v1/predicted_price/model')).statusCode).toBe(403);
    const model = await call.get(floor.admin, '/api/v1/predicted_price/model');
    expect(model.json().data).toMatchObject({ source: 'model', start_quantile: expect.any(Number) });
    const [n] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(forecastModels);
    expect(model.json().data.version).toBe(
      (await t.ctx.db.select({ id: forecastModels.id }).from(forecastModels)).at(-1)!.id,
    );
    expect(n!.n).toBe(2);
  });

  it('gives the owner and administrators the forms lots pre-fill; sent back unchanged, one is the lot’s own forecast', async () => {
    const forms = (who: Trader, query: string) => call.get(who, `/api/v1/predicted_price/forms?${query}`);
    for (const query of [`lot_id=${lotId}`, `briefcase_id=${briefcaseId}`]) {
      const refused = await forms(floor.buyers[0]!, query);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(FORECAST_MESSAGES.notAllowed);
    }
    expect((await forms(floor.seller, `lot_id=${lotId + 10_000}`)).statusCode).toBe(404);
    const noProcedure = await forms(floor.admin, `briefcase_id=${briefcaseId + 10_000}`);
    expect(noProcedure.statusCode).toBe(404);
    expect(noProcedure.json().message).toBe(FORECAST_MESSAGES.briefcaseNotFound);
    expect((await forms(floor.seller, '')).statusCode).toBe(422);
    expect((await forms(floor.seller, `lot_id=${lotId}&briefcase_id=${briefcaseId}`)).statusCode).toBe(422);
    expect((await forms(floor.seller, `lot_id=${2 ** 31}`)).statusCode).toBe(422);

    const row = await lotRow();
    const [last] = await forecastRows().then((all) => all.slice(-1));
    const expected = {
      id: lotId,
      form: ownForm(),
      predicted_price: { start_price: row.predictedStartPrice, end_price: row.predictedEndPrice },
      latest: {
        start_price: last!.startPrice,
        end_price: last!.endPrice,
        model_version: last!.modelId,
        created_at: last!.createdAt.toISOString(),
      },
    };
    const one = await forms(floor.seller, `lot_id=${lotId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.forms).toEqual([expected]);
    expect(one.json().data.model).toMatchObject({ source: 'model' });
    const all = await forms(floor.admin, `briefcase_id=${briefcaseId}`);
    expect(all.json().data.forms).toEqual([expected]);

    // A what-if first, so the lot's own form below is not merely equal to the latest input.
    await predict(floor.admin, [{ ...ownForm(), items_count: 10 }]);
    const back = await predict(floor.seller, [one.json().data.forms[0].form]);
    expect(back.json().data.forecasts[0].own).toBe(true);
    expect((await forecastRows()).at(-1)).toMatchObject({ own: true, lotId });
  });

  it('reads the spec’s form with its flags as plain fields (0/1, booleans, "0"/"1") as the nested form', async () => {
    const { flags: _own, ...fields } = ownForm();
    const on = ['dead', 'fraud', 'court_order', 'mls'] as const;
    const nestedFlags = Object.fromEntries(
      FORECAST_FLAGS.map((flag) => [flag, on.includes(flag as never) ? 1 : 0]),
    );
    const nested = { ...fields, dpd: 700, flags: nestedFlags };
    // Each flag in another of the spelling a form may send; one left out counts as 0.
    const spellings = [1, '1', true];
    const offSpellings = [0, '0', false];
    const flat: Record<string, unknown> = { ...fields, dpd: 700 };
    FORECAST_FLAGS.forEach((flag, i) => {
      if (flag === 'bankruptcy') return;
      flat[flag] = on.includes(flag as never) ? spellings[i % 3] : offSpellings[i % 3];
    });
    const byNested = await predict(floor.admin, [nested]);
    const nestedInput = (await forecastRows()).at(-1)!.input;
    const byFlat = await predict(floor.admin, [flat]);
    const flatInput = (await forecastRows()).at(-1)!.input;
    expect(byNested.statusCode).toBe(200);
    expect(byFlat.statusCode).toBe(200);
    const prices = (reply: typeof byFlat) => {
      const { start_price, end_price, reasons, own } = reply.json().data.forecasts[0];
      return { start_price, end_price, reasons, own };
    };
    expect(prices(byFlat)).toEqual(prices(byNested));
    expect(flatInput).toEqual(nestedInput);
    // The flags were read, not dropped: the stored input has them as sent.
    expect(flatInput).toMatchObject({
      flags: { dead: 1, fraud: 1, court_order: 1, mls: 1, bankruptcy: 0, disability: 0 },
    });
    // A flag out of range or of another spelling is refused in either form.
    expect((await predict(floor.admin, [{ ...flat, dead: 2 }])).statusCode).toBe(422);
    expect((await predict(floor.admin, [{ ...flat, dead: 'да' }])).statusCode).toBe(422);
    expect((await predict(floor.admin, [{ ...nested, flags: { dead: '2' } }])).statusCode).toBe(422);
  });

  it('encodes the form the lot pre-fills exactly as the lot', () => {
    const input = forecastInputFromLot(facts);
    expect(encodeForecastInput(input)).toEqual(encodeForecastInput({ ...input, ...forecastFormOf(input) }));
  });
});
