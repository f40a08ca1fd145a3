// One-off: the whole ingestion of BENCH_ROWS rows on PostgreSQL, seconds (decision 0090's before/after note).
export {};

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const { postgresUrl } = await import('./server.ts');
postgresUrl();
const { createTestDatabase } = await import('../../apps/server/test/support/db.ts');
const { buildBriefcase, buildCompany } = await import('../../apps/server/test/support/factories.ts');
const { debt, writeRegistryFile } = await import('../../apps/server/test/registrySupport.ts');
const { ingestRegistry } = await import('../../apps/server/src/modules/registries/ingest/ingest.ts');
const file = `/tmp/etp-ab-${rows}.xlsx`;
await writeRegistryFile(
  file,
  (function* () {
    for (let i = 0; i < rows; i++) yield debt({ contract_id: `КД-${i}` });
  })(),
);
const database = await createTestDatabase('postgres');
const company = await buildCompany(database.db);
for (let run = 0; run < 2; run++) {
  const briefcase = await buildBriefcase(database.db, company, { status: 'created' });
  const started = performance.now();
  const outcome = await ingestRegistry(
    { db: database.db, database },
    { briefcaseId: briefcase.id, filePath: file },
  );
  console.log(
    JSON.stringify({ run, kind: outcome.kind, seconds: +((performance.now() - started) / 1000).toFixed(2) }),
  );
}
await database.close();
process.exit(0);
