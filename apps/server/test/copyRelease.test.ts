/**
 * Decision 0283: a registry's COPY batch is the server's to free as soon as its statement has settled. On
 * PostgreSQL the driver holds a query for `query_timeout` (35 s) unless the query ends through its callback; a
 * million-row registry then kept 270 MB of finished batches alive.
 */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawSession, withRawTransaction } from '../src/modules/registries/ingest/rawSession.ts';
import { createTestDatabase, DRIVERS, type TestDatabase } from './support/db.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** 1 MB of rows, in a memory block of its own (not the Buffer pool's). */
function batch(from: number): Buffer {
  const rows: string[] = [];
  for (let i = from; i < from + 40_000; i++) rows.push(`${i}\tстрока ${i}\n`);
  return Buffer.from(rows.join(''));
}

/** Copies a batch made here, so no frame of the test keeps it: only the COPY's own path can. */
async function copyFrom(
  session: RawSession,
  target: string,
  data: () => Buffer,
  refs: WeakRef<ArrayBuffer>[],
): Promise<string | null> {
  const bytes = data();
  refs.push(new WeakRef(bytes.buffer as ArrayBuffer));
  return session.copyFrom(target, bytes).then(
    () => null,
    (error: Error) => error.message,
  );
}

/** Collects until the batches are gone, or gives up (the timers and sockets of one turn may still hold them). */
async function collected(refs: WeakRef<ArrayBuffer>[]): Promise<number> {
  for (let turn = 0; turn < 10; turn++) {
    gc();
    if (refs.every((ref) => ref.deref() === undefined)) return 0;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return refs.filter((ref) => ref.deref() !== undefined).length;
}

describe.each(DRIVERS)('COPY batches on %s', (driver) => {
  let database: TestDatabase;
  const ctx = () => ({ db: database.db, database });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('a stored batch is freed as soon as its COPY has settled, inside the same transaction', async () => {
    const refs: WeakRef<ArrayBuffer>[] = [];
    let stillHeld = -1;
    let stored = 0;
    await withRawTransaction(ctx(), async (session) => {
      await session.query('create temp table copied_rows (n integer, label text) on commit drop');
      for (let i = 0; i < 4; i++) {
        expect(await copyFrom(session, 'copied_rows (n, label)', () => batch(i * 40_000), refs)).toBeNull();
      }
      stillHeld = await collected(refs);
      stored = (await session.query<{ n: number }>('select count(*)::int as n from copied_rows'))[0]!.n;
    });
    expect(stored).toBe(160_000);
    expect(stillHeld).toBe(0);
  });

  it('a refused batch rejects with the database error and is freed too', async () => {
    const refs: WeakRef<ArrayBuffer>[] = [];
    let stillHeld = -1;
    const outcome = withRawTransaction(ctx(), async (session) => {
      await session.query('create temp table copied_numbers (n integer) on commit drop');
      await session.query('savepoint before_copy');
      const refused = await copyFrom(
        session,
        'copied_numbers (n)',
        () => Buffer.from('1\n2\nне число\n'.repeat(50_000)),
        refs,
      );
      await session.query('rollback to savepoint before_copy');
      stillHeld = await collected(refs);
      return refused;
    });
    expect(await outcome).toMatch(/invalid input syntax for type integer/);
    expect(stillHeld).toBe(0);
  });
});
