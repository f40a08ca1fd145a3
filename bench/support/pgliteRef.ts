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

/**
 * PGlite's reference for bids over many lots: the writes one accepted classic bid makes, one bid per transaction,
 * serially in process (PGlite has one session), for `seconds`: the lot row locked and read, the bid inserted, the
 * lot updated (price, leader, counters, version), an outbid event and an audit entry inserted, each statement sent
 * as the app sends a one-off one. Round robin over `lotIds`, by the buyers' users. Run after the bids were counted
 * (it adds bids of its own to the same tables, so the indexes and foreign keys are the app's).
 */
export async function pgliteBidWrites(db: Db, lotIds: number[], seconds: number) {
  const people = (
    (await db.execute(
      sql`select id, current_company_id as company from users where current_company_id is not null order by id limit 500`,
    )) as unknown as { rows: { id: number; company: number }[] }
  ).rows;
  const lots = (
    (await db.execute(
      sql`select id, briefcase_id as briefcase, current_price as price, step_price as step from lots where id = any(${`{${lotIds.join(',')}}`}::int[])`,
    )) as unknown as { rows: { id: number; briefcase: number; price: string; step: string }[] }
  ).rows.map((l) => ({ ...l, price: Number(l.price), step: Number(l.step) || 10_000 }));
  const [top] = (
    (await db.execute(
      sql`select coalesce(max(seq), 0) as seq from audit_log where briefcase_id is null`,
    )) as unknown as {
      rows: { seq: number }[];
    }
  ).rows;
  let seq = Number(top?.seq ?? 0);
  const start = clock();
  const end = start + seconds * 1000;
  let n = 0;
  while (clock() < end) {
    const lot = lots[n % lots.length]!;
    const who = people[n % people.length]!;
    lot.price += lot.step;
    seq++;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`select id, version, current_price from lots where id = ${lot.id} for no key update`,
      );
      const placed = (await tx.execute(
        sql`insert into bids (lot_id, briefcase_id, user_id, company_id, amount, created_at, updated_at)
          values (${lot.id}, ${lot.briefcase}, ${who.id}, ${who.company}, ${lot.price}, now(), now()) returning id`,
      )) as unknown as { rows: { id: number }[] };
      await tx.execute(
        sql`update lots set current_price = ${lot.price}, leader_bid_id = ${placed.rows[0]!.id},
          bids_count = bids_count + 1, version = version + 1, updated_at = now() where id = ${lot.id}`,
      );
      await tx.execute(
        sql`insert into events (user_id, company_id, kind, briefcase_id, lot_id, payload)
          values (${who.id}, ${who.company}, 'outbid', ${lot.briefcase}, ${lot.id}, ${JSON.stringify({ amount: lot.price })}::jsonb)`,
      );
      await tx.execute(
        sql`insert into audit_log (briefcase_id, seq, action, actor_user_id, payload, prev_hash, hash)
          values (null, ${seq}, 'bench_reference', ${who.id}, ${JSON.stringify({ lotId: lot.id, amount: lot.price })}::jsonb,
            ${'0'.repeat(64)}, ${'f'.repeat(64)})`,
      );
    });
    n++;
  }
  const elapsed = clock() - start;
  return {
    tool: 'PGlite in process, serial, one transaction per bid',
    script:
      'begin; select the lot for no key update; insert the bid; update the lot (price, leader, counters, version); insert an outbid event; insert an audit entry; commit',
    seconds,
    lots: lots.length,
    transactions: n,
    tps: +((n * 1000) / elapsed).toFixed(1),
  };
}
