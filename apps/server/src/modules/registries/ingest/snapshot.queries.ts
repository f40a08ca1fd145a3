/**
 * The registry's columns snapshot and lot assignment (bytea, decisions/0051) of a procedure or a custom-template
 * draft: written in pieces on the raw session, read and the draft's assignment written as base64 text.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { RawSession } from './rawSession.ts';

/**
 * Stores the columns snapshot of a procedure or of a custom-template draft from its pieces (`columnsPieces`): each
 * piece goes as base64 into a temporary table and PostgreSQL joins them into the bytea, so the process never
 * holds the whole snapshot as one parameter (decisions/0051).
 */
export async function saveRegistryColumnsRaw(
  session: RawSession,
  table: 'briefcases' | 'lotings',
  id: number,
  pieces: Iterable<Uint8Array>,
): Promise<void> {
  await session.query(
    'create temporary table if not exists registry_snapshot_pieces (n int primary key, piece bytea not null) on commit drop',
  );
  // The pieces are stored as they are: compressing them only to decompress them for the join costs seconds.
  await session.query('alter table registry_snapshot_pieces alter column piece set storage external');
  await session.query('truncate registry_snapshot_pieces');
  // lz4 (where the server has it) compresses the joined snapshot several times faster than the default pglz.
  const [lz4] = await session.query<{ ok: boolean }>(
    `select 'lz4' = any(enumvals) as ok from pg_settings where name = 'default_toast_compression'`,
  );
  if (lz4?.ok) await session.query(`set local default_toast_compression = 'lz4'`);
  let n = 0;
  for (const piece of pieces) {
    await session.query(`insert into registry_snapshot_pieces (n, piece) values ($1, decode($2, 'base64'))`, [
      n++,
      Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('base64'),
    ]);
  }
  // The table name is one of two literals, never input.
  await session.query(
    `update ${table === 'lotings' ? 'lotings' : 'briefcases'} set registry_columns =
       (select coalesce(string_agg(piece, ''::bytea order by n), ''::bytea) from registry_snapshot_pieces)
     where id = $1`,
    [id],
  );
  await session.query('drop table registry_snapshot_pieces');
}

export interface RegistrySnapshot {
  columns: Buffer | null;
  assignment: Buffer | null;
}

const fromBase64 = (value: string | null) => (value === null ? null : Buffer.from(value, 'base64'));

/** Bytea travels as base64 text: several times faster than the drivers' bytea parameters on PGlite. */
export async function loadRegistrySnapshot(
  db: Db,
  table: 'briefcases' | 'lotings',
  id: number,
): Promise<RegistrySnapshot> {
  const source = table === 'briefcases' ? sql`briefcases` : sql`lotings`;
  const result = (await db.execute(
    sql`select encode(registry_columns, 'base64') as c, encode(lot_assignment, 'base64') as a from ${source} where id = ${id}`,
  )) as unknown as { rows: { c: string | null; a: string | null }[] };
  const row = result.rows[0];
  return { columns: fromBase64(row?.c ?? null), assignment: fromBase64(row?.a ?? null) };
}

/** Stores a lotting draft's lot assignment (base64 in, bytea stored); its columns: `saveRegistryColumnsRaw`. */
export async function saveLotingSnapshot(db: Db, id: number, snapshot: { assignment: Buffer }) {
  await db.execute(
    sql`update lotings set lot_assignment = decode(${snapshot.assignment.toString('base64')}::text, 'base64')
      where id = ${id}`,
  );
}
