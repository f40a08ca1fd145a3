/**
 * PGlite runs in this process: storing a registry must not hold the event loop (issue 21, decision 0150). Each COPY
 * batch the file worker sends is stored in slices of whole rows, with the loop let through between them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRegistry } from '../src/modules/registries/ingest/ingest.ts';
import { copyInSlices } from '../src/modules/registries/ingest/rawSession.ts';
import { debt, writeRegistryFile } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { buildBriefcase, buildCompany } from './support/factories.ts';

describe('COPY in slices', () => {
  it('stores every row whole, in order, and lets the event loop through between slices', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `${i}\tКД-${i}\\tещё\t${'x'.repeat(i % 97)}\n`);
    const data = Buffer.from(rows.join(''));
    const slices: string[] = [];
    // Each slice queues a callback; by the next slice the loop has run it.
    const ran = new Set<number>();
    let turnsBetween = 0;
    await copyInSlices(data, async (slice) => {
      if (slices.length > 0 && ran.has(slices.length - 1)) turnsBetween++;
      const index = slices.length;
      setImmediate(() => ran.add(index));
      slices.push(Buffer.from(slice).toString());
      // A slow store: the next slice is made smaller to take about the target time.
      const until = Date.now() + slice.length / 2_000;
      while (Date.now() < until) {}
    });
    expect(slices.join('')).toBe(data.toString());
    for (const slice of slices) expect(slice.endsWith('\n')).toBe(true);
    expect(slices.length).toBeGreaterThan(5);
    expect(turnsBetween).toBe(slices.length - 1);
  });

  describe('a registry stored on PGlite', () => {
    let t: TestApp;
    let dir: string;
    beforeAll(async () => {
      t = await createTestApp('pglite');
      dir = mkdtempSync(join(tmpdir(), 'etp-copy-slices-'));
    });
    afterAll(async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('30,000 rows: every row stored, the event loop never held for long', async () => {
      const file = join(dir, 'registry.xlsx');
      await writeRegistryFile(
        file,
        (function* () {
          for (let i = 0; i < 30_000; i++) yield debt({ contract_id: `КД-${i}` });
        })(),
      );
      const seller = await buildCompany(t.ctx.db, { seller: true });
      const briefcase = await buildBriefcase(t.ctx.db, seller, { status: 'created' });
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const outcome = await ingestRegistry(t.ctx, { briefcaseId: briefcase.id, filePath: file });
      delay.disable();
      expect(outcome).toMatchObject({ kind: 'stored', itemsCount: 30_000 });
      const maxMs = delay.max / 1e6;
      console.info(
        `PGlite ingest of 30,000 rows: event loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${maxMs.toFixed(1)} ms`,
      );
      // One 10,000-row COPY batch held the loop for hundreds of milliseconds; a slice aims at ~10 ms.
      expect(maxMs).toBeLessThan(150);
    }, 180_000);
  });
});
