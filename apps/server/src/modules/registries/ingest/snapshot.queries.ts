/**
 * The registry's columns snapshot and lot assignment (bytea, decisions/0051) of a procedure or a custom-template
 * draft. The snapshot is stored as it is made, piece by piece (decisions/0273): its first piece (the header) in the
 * owner's `registry_columns`, every other one as a row of `registry_column_pieces`, and it is read back the same
 * way. Neither PostgreSQL nor PGlite (whose WebAssembly memory never shrinks) ever holds it as one value.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { RawSession } from './rawSession.ts';

type Owner = 'briefcases' | 'lotings';

/** The owner's table and its column in `registry_column_pieces`: one of two pairs of literals, never input. */
const ownerNames = (table: Owner) =>
  table === 'lotings'
    ? ({ table: 'lotings', column: 'loting_id' } as const)
    : ({ table: 'briefcases', column: 'briefcase_id' } as const);

const base64 = (piece: Uint8Array) =>
  Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength).toString('base64');

/** Where a snapshot's pieces go, in the order `columnsPieces` makes them. */
export interface SnapshotWriter {
  add(piece: Uint8Array): Promise<void>;
}

/**
 * Writes a new snapshot of the owner, replacing its old one: its pieces are dropped now and the new ones stored as
 * `add` is called (each as base64 text: faster than the drivers' bytea parameters on PGlite).
 */
export async function snapshotWriter(session: RawSession, table: Owner, id: number): Promise<SnapshotWriter> {
  const names = ownerNames(table);
  await session.query(`delete from registry_column_pieces where ${names.column} = $1`, [id]);
  await session.query(`update ${names.table} set registry_columns = null where id = $1`, [id]);
  let n = 0;
  return {
    async add(piece) {
      if (n === 0) {
        await session.query(
          `update ${names.table} set registry_columns = decode($2, 'base64') where id = $1`,
          [id, base64(piece)],
        );
      } else {
        await session.query(
          `insert into registry_column_pieces (${names.column}, n, piece) values ($1, $2, decode($3, 'base64'))`,
          [id, n, base64(piece)],
        );
      }
      n += 1;
    },
  };
}

/** Stores the columns snapshot of a procedure or of a custom-template draft from its pieces (`columnsPieces`). */
export async function saveRegistryColumnsRaw(
  session: RawSession,
  table: Owner,
  id: number,
  pieces: Iterable<Uint8Array>,
): Promise<void> {
  const writer = await snapshotWriter(session, table, id);
  for (const piece of pieces) await writer.add(piece);
}

export interface RegistrySnapshot {
  columns: Buffer | null;
  assignment: Buffer | null;
}

const fromBase64 = (value: string | null) => (value === null ? null : Buffer.from(value, 'base64'));

/**
 * The snapshot (its header and its pieces joined in order, or the whole value stored before the pieces) and the
 * lot assignment. Bytea travels as base64 text: several times faster than the drivers' bytea parameters on PGlite.
 * The pieces are read one statement each, so no result holds the whole snapshot.
 */
export async function loadRegistrySnapshot(db: Db, table: Owner, id: number): Promise<RegistrySnapshot> {
  const names = ownerNames(table);
  // One snapshot of the database for the header and every piece: an upload storing a new registry meanwhile is
  // either wholly seen or not at all.
  return db.transaction(
    async (tx) => {
      const result = (await tx.execute(
        sql`select encode(registry_columns, 'base64') as c, encode(lot_assignment, 'base64') as a,
          array(select n from registry_column_pieces p where ${sql.raw(`p.${names.column}`)} = ${id} order by n) as ns
          from ${sql.raw(names.table)} where id = ${id}`,
      )) as unknown as { rows: { c: string | null; a: string | null; ns: number[] }[] };
      const row = result.rows[0];
      const head = fromBase64(row?.c ?? null);
      const assignment = fromBase64(row?.a ?? null);
      if (!head || !row || row.ns.length === 0) return { columns: head, assignment };
      const pieces: Buffer[] = [head];
      for (const n of row.ns) {
        const piece = (await tx.execute(
          sql`select encode(piece, 'base64') as p from registry_column_pieces
            where ${sql.raw(names.column)} = ${id} and n = ${n}`,
        )) as unknown as { rows: { p: string }[] };
        pieces.push(Buffer.from(piece.rows[0]!.p, 'base64'));
      }
      return { columns: Buffer.concat(pieces), assignment };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Stores a lotting draft's lot assignment (base64 in, bytea stored); its columns: `saveRegistryColumnsRaw`. */
export async function saveLotingSnapshot(db: Db, id: number, snapshot: { assignment: Buffer }) {
  await db.execute(
    sql`update lotings set lot_assignment = decode(${snapshot.assignment.toString('base64')}::text, 'base64')
      where id = ${id}`,
  );
}
