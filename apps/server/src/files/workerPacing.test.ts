/** Decision 0231: a file worker pauses between the chunks it reads while its node has bids. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFirstSheet, setChunkPacer } from '@etp/xlsx';
import { buildXlsx, rowXml } from '@etp/xlsx/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { pauseAfterBatch, WORKER_PACING } from './ingestPacing.ts';
import { chunkPacer } from './workerPacing.ts';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

afterEach(() => setChunkPacer(null));

describe('a file worker gives way to trading', () => {
  it('owes no pause without a recent bid, and factor × the chunk’s time (capped) with one', () => {
    const now = 1_000_000;
    expect(pauseAfterBatch(10, now, now - WORKER_PACING.quietMs - 1, WORKER_PACING)).toBe(0);
    expect(pauseAfterBatch(10, now, now - 5, WORKER_PACING)).toBe(10 * WORKER_PACING.factor);
    expect(pauseAfterBatch(10_000, now, now, WORKER_PACING)).toBe(WORKER_PACING.maxPauseMs);
    expect(pauseAfterBatch(10, now, now, { ...WORKER_PACING, factor: 0 })).toBe(0);
  });

  it('sleeps after a chunk of work while the bid clock is recent, and not once it is old', async () => {
    const clock = new SharedArrayBuffer(8);
    const lastBid = new Float64Array(clock);
    const pace = chunkPacer(clock);
    lastBid[0] = Date.now();
    busy(8);
    const started = performance.now();
    await pace();
    expect(performance.now() - started).toBeGreaterThanOrEqual(8 * WORKER_PACING.factor - 2);

    lastBid[0] = Date.now() - 10_000;
    busy(8);
    expect(pace()).toBeUndefined();
  });

  it('is awaited between the chunks of every entry an xlsx read goes through', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => rowXml(i + 1, [`КД-${i}`, String(i)])).join('');
    const dir = mkdtempSync(join(tmpdir(), 'etp-pacing-'));
    const path = join(dir, 'registry.xlsx');
    writeFileSync(path, buildXlsx({ sheet: rows }));
    let calls = 0;
    setChunkPacer(() => {
      calls += 1;
      return undefined;
    });
    let cells = 0;
    await readFirstSheet(
      path,
      (row) => {
        cells += row.length;
      },
      { chunkSize: 4096 },
    );
    expect(cells).toBe(6000);
    expect(calls).toBeGreaterThan(5);
  });
});
