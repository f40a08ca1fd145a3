/**
 * zip_documents is streamed (issue 18, "Proof"): a procedure with 100 MB of documents is downloaded over real HTTP
 * (inject would buffer the whole reply) while the process's RSS is sampled; it grows by less than 50 MB.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { buildDocument } from './support/documents.ts';
import { buildFloor, type Floor, tradingLot } from './support/trading.ts';

const MB = 1024 * 1024;
/** A port of this suite's own range (the machine is shared). */
const PORT = 4591;

/** A file of incompressible bytes written a megabyte at a time. */
async function randomFile(path: string, megabytes: number): Promise<void> {
  const out = createWriteStream(path);
  for (let i = 0; i < megabytes; i++) {
    if (!out.write(randomBytes(MB))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

describe('zip_documents of 100 MB', () => {
  let t: TestApp;
  let floor: Floor;
  let dir: string;
  let briefcaseId: number;

  beforeAll(async () => {
    t = await createTestApp('pglite', { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 1);
    const { briefcase } = await tradingLot(t, floor);
    briefcaseId = briefcase.id;
    dir = await mkdtemp(join(tmpdir(), 'zip-memory-'));
    for (let i = 1; i <= 4; i++) {
      const path = join(dir, `part${i}.bin`);
      await randomFile(path, 25);
      await buildDocument(t, briefcase, {
        kind: 'documentation',
        name: `Реестр, часть ${i}`,
        extension: 'zip',
        path,
        size: 25 * MB,
      });
    }
    await t.app.listen({ port: PORT, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('streams the archive while the server grows by less than 50 MB', async () => {
    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const { bytes, status, tail } = await new Promise<{ bytes: number; status: number; tail: Buffer }>(
      (resolve, reject) => {
        get(
          {
            host: '127.0.0.1',
            port: PORT,
            path: `/api/v1/briefcases/${briefcaseId}/zip_documents`,
            headers: { authorization: `Bearer ${floor.seller.token}` },
          },
          (response) => {
            let total = 0;
            let last = Buffer.alloc(0);
            response.on('data', (chunk: Buffer) => {
              total += chunk.length;
              last = Buffer.concat([last, chunk]).subarray(-64);
            });
            response.on('end', () => resolve({ bytes: total, status: response.statusCode ?? 0, tail: last }));
            response.on('error', reject);
          },
        ).on('error', reject);
      },
    );
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(status).toBe(200);
    expect(bytes).toBeGreaterThan(100 * MB);
    // The end-of-central-directory record closes a whole archive.
    expect(tail.includes(Buffer.from([0x50, 0x4b, 0x05, 0x06]))).toBe(true);
    const growthMb = (peak - baseline) / MB;
    console.info(
      `zip_documents: ${(bytes / MB).toFixed(1)} MB streamed, RSS growth ${growthMb.toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(50);
  }, 120_000);
});
