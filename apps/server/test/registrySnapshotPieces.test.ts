/**
 * The registry's columns snapshot in pieces (decisions/0273): the file worker sends it piece by piece and keeps the
 * columns, the pieces are stored as rows and read back in order, and the snapshot (so every lotting) comes back
 * byte for byte.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { debtColumnsOf } from '@etp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases } from '../src/db/schema/index.ts';
import { filePool } from '../src/files/filePool.ts';
import { applyLotting, type LotingParams } from '../src/modules/lotings/lotting/applyLotting.ts';
import { ingestRegistry } from '../src/modules/registries/ingest/ingest.ts';
import { withRawTransaction } from '../src/modules/registries/ingest/rawSession.ts';
import {
  loadRegistrySnapshot,
  saveRegistryColumnsRaw,
} from '../src/modules/registries/ingest/snapshot.queries.ts';
import { columnsPieces, decodeColumns, encodeColumns } from '../src/modules/registries/ingest/snapshot.ts';
import { debt, writeRegistryFile } from './registrySupport.ts';
import { createTestDatabase, DRIVERS, type TestDatabase } from './support/db.ts';
import { debtAt } from './support/debts.ts';
import { buildBriefcase, buildCompany } from './support/factories.ts';

const BY_DISTRICT: LotingParams = { loting_type: 'federal_districts', sort_type: 'uniform_distribution' };
const BY_STAGE: LotingParams = { loting_type: 'stage_of_collection', sort_type: 'uniform_distribution' };

describe.each(DRIVERS)('registry snapshot in pieces on %s', (driver) => {
  let database: TestDatabase;
  let dir: string;
  const ctx = () => ({ db: database.db, database });

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    dir = mkdtempSync(join(tmpdir(), 'etp-snapshot-pieces-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const pieceCount = async (briefcaseId: number) => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from registry_column_pieces where briefcase_id = ${briefcaseId}`,
    )) as unknown as { rows: { n: number }[] };
    return result.rows[0]!.n;
  };

  it('reads back the snapshot it stored in pieces byte for byte, and lots it as the columns it came from', async () => {
    const company = await buildCompany(database.db);
    const briefcase = await buildBriefcase(database.db, company, { status: 'created' });
    const columns = debtColumnsOf(Array.from({ length: 2001 }, (_, i) => debtAt(i)));
    // Small pieces: many rows, and pieces that cut the arrays anywhere.
    await withRawTransaction(ctx(), (session) =>
      saveRegistryColumnsRaw(session, 'briefcases', briefcase.id, columnsPieces(columns, 1000)),
    );
    const pieces = await pieceCount(briefcase.id);
    expect(pieces).toBeGreaterThan(50);
    const stored = await loadRegistrySnapshot(database.db, 'briefcases', briefcase.id);
    expect(stored.columns!.equals(encodeColumns(columns))).toBe(true);
    const back = decodeColumns(stored.columns!);
    for (const params of [BY_DISTRICT, BY_STAGE]) {
      const expected = applyLotting(columns, params);
      const got = applyLotting(back, params);
      expect(got.lots).toEqual(expected.lots);
      expect(Array.from(got.assignment)).toEqual(Array.from(expected.assignment));
    }

    // A new snapshot replaces every piece of the old one.
    const smaller = debtColumnsOf(Array.from({ length: 10 }, (_, i) => debtAt(i + 5)));
    await withRawTransaction(ctx(), (session) =>
      saveRegistryColumnsRaw(session, 'briefcases', briefcase.id, columnsPieces(smaller)),
    );
    expect(await pieceCount(briefcase.id)).toBeLessThan(pieces);
    const replaced = await loadRegistrySnapshot(database.db, 'briefcases', briefcase.id);
    expect(replaced.columns!.equals(encodeColumns(smaller))).toBe(true);
  });

  it('reads a snapshot stored whole before the pieces as it was', async () => {
    const company = await buildCompany(database.db);
    const columns = debtColumnsOf(Array.from({ length: 30 }, (_, i) => debtAt(i)));
    const briefcase = await buildBriefcase(database.db, company, { registryColumns: encodeColumns(columns) });
    const stored = await loadRegistrySnapshot(database.db, 'briefcases', briefcase.id);
    expect(stored.columns!.equals(encodeColumns(columns))).toBe(true);
  });

  it("sends a stored upload's snapshot from the file worker in pieces and keeps its columns there", async () => {
    const file = join(dir, 'registry.xlsx');
    await writeRegistryFile(
      file,
      Array.from({ length: 1000 }, (_, i) => debt({ region_code: (i % 90) + 1, dpd: 100 + (i % 300) })),
    );
    // The worker's side: what the main thread receives while the rows are stored.
    const received: Uint8Array[] = [];
    const calls = new Set<string>();
    const job = { kind: 'ingest' as const, filePath: file, reportPath: join(dir, 'report.xlsx') };
    const result = await filePool().run(
      { ...job, briefcaseId: 1 },
      {
        onCall: async (name, payload) => {
          calls.add(name);
          if (name === 'snapshot') received.push(payload as Uint8Array);
        },
      },
    );
    expect(result).toMatchObject({ kind: 'read', columns: null, count: 1000 });
    expect([...calls].sort()).toEqual(['copy', 'snapshot']);
    expect(received.every((piece) => piece.byteLength <= 4 << 20)).toBe(true);
    // A check-only read (no rows stored) still answers with the columns: the same snapshot.
    const checked = await filePool().run({ ...job, briefcaseId: null });
    if (checked.kind !== 'read' || !checked.columns) throw new Error(`checked: ${checked.kind}`);
    expect(Buffer.concat(received).equals(encodeColumns(checked.columns))).toBe(true);

    // The whole upload: the snapshot stored is that one, and lotting it gives the stored lots.
    const company = await buildCompany(database.db);
    const briefcase = await buildBriefcase(database.db, company, { status: 'created' });
    const outcome = await ingestRegistry(ctx(), { briefcaseId: briefcase.id, filePath: file });
    expect(outcome).toMatchObject({ kind: 'stored', itemsCount: 1000 });
    expect(await pieceCount(briefcase.id)).toBeGreaterThan(0);
    const stored = await loadRegistrySnapshot(database.db, 'briefcases', briefcase.id);
    expect(stored.columns!.equals(encodeColumns(checked.columns))).toBe(true);
    const [row] = await database.db.select().from(briefcases).where(eq(briefcases.id, briefcase.id));
    const relotted = applyLotting(decodeColumns(stored.columns!), row!.lotingParams as LotingParams);
    expect(Array.from(relotted.assignment)).toEqual(Array.from(checked.lotting.assignment));
    // Three reads of a file at idle priority, on a shared machine.
  }, 180_000);
});
