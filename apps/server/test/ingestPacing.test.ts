/** Decision 0151: a bid on this node makes the registry ingest's COPY batches pause. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_PACING, pauseAfterBatch } from '../src/files/ingestPacing.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('ingest pacing by bids on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 1);
    call = api(t);
  });
  afterAll(() => t.close());

  it('a bid received makes the next COPY batch pause; quiet again after quietMs', async () => {
    const { lot } = await tradingLot(t, floor);
    await new Promise((resolve) => setTimeout(resolve, INGEST_PACING.quietMs + 20));
    expect(pauseAfterBatch(100)).toBe(0);
    const [buyer] = floor.buyers as [Floor['buyers'][0]];
    expect((await call.bid(buyer, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    expect(pauseAfterBatch(100)).toBe(100 * INGEST_PACING.factor);
    await new Promise((resolve) => setTimeout(resolve, INGEST_PACING.quietMs + 20));
    expect(pauseAfterBatch(100)).toBe(0);
  });
});
