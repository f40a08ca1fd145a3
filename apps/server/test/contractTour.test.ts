/**
 * The integrator's tour (issue 30 proof, scripts/contractTour.ts) against a freshly seeded demo over real HTTP: a
 * buyer, a seller and an administrator make reads and writes across every area, and every reply is validated against
 * the OpenAPI document the server publishes. The server's own reply check is off here, so the tour is what checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractTour, type TourReport } from '../../../scripts/contractTour.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { storageOf } from '../src/storage/storageOf.ts';
import { createTestApp, type TestApp } from './support/app.ts';

describe('the contract tour of the demo', () => {
  let t: TestApp;
  let report: TourReport;

  beforeAll(async () => {
    t = await createTestApp('pglite', { CHECK_REPLIES: 'off' });
    await seedDemo(t.database.db, { now: t.clock.now(), storage: storageOf(t.ctx) });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    report = await runContractTour(address);
  }, 180_000);
  afterAll(() => t.close());

  it('calls at least 60 reads and writes as a buyer, a seller and an administrator', () => {
    expect(report.calls).toBeGreaterThanOrEqual(60);
    expect(report.writes).toBeGreaterThanOrEqual(10);
    expect(report.byRole.buyer).toBeGreaterThan(10);
    expect(report.byRole.seller).toBeGreaterThan(5);
    expect(report.byRole.admin).toBeGreaterThan(5);
  });

  it('gets every reply as the document declares it', () => {
    expect(report.offContract).toEqual([]);
  });
});
