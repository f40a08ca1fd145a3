/** PGlite's reference: the same single-row UPDATE, one after another (PGlite has one session), for `seconds`. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { clock } from './report.ts';

export async function pgliteSingleRow(db: Db, seconds: number) {
  await db.execute(sql`create table if not exists bench_row (id int primary key, v bigint not null)`);
  await db.execute(sql`insert into bench_row values (1, 0) on conflict (id) do nothing`);
  const start = clock();
  const end = start + seconds * 1000;
  let n = 0;
  while (clock() < end) {
    await db.execute(sql`UPDATE bench_row SET v = v + 1 WHERE id = 1`);
    n++;
  }
  const elapsed = clock() - start;
  return {
    tool: 'PGlite in process, serial',
    script: 'UPDATE bench_row SET v = v + 1 WHERE id = 1;',
    seconds,
    transactions: n,
    tps: +((n * 1000) / elapsed).toFixed(1),
  };
}
