/**
 * Test databases: every test file gets its own, on PGlite always and on PostgreSQL too when DATABASE_URL is
 * set. PGlite starts from a migrated image made once per worker; PostgreSQL gets a fresh database per file,
 * copied from a migrated template (made once per set of migrations, shared by the workers; copying takes a
 * fraction of migrating).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, type DatabaseTimeouts, MIGRATIONS_DIR, openDatabase } from '../../src/db/client.ts';

export type DriverKind = 'pglite' | 'postgres';

/** The drivers the integration tests run on in this environment. */
export const DRIVERS: DriverKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteImage: Promise<Blob> | null = null;

function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const template = await openDatabase({ kind: 'pglite', dataDir: null });
    await template.migrate();
    const image = await template.dump!();
    await template.close();
    return image;
  })();
  return pgliteImage;
}

export interface TestDatabase extends Database {
  url: string | null;
}

export async function createTestDatabase(
  kind: DriverKind,
  /** PostgreSQL only: the connections' timeouts (a short lock_timeout...). */
  timeouts?: Partial<DatabaseTimeouts>,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: null,
      image: await migratedPgliteImage(),
    });
    return { ...database, url: null };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const template = await migratedPostgresTemplate(adminUrl);
  const name = `etp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const database = await openDatabase({
    kind: 'postgres',
    url: databaseUrl(adminUrl, name),
    poolSize: 10,
    timeouts,
  });
  return {
    ...database,
    url: databaseUrl(adminUrl, name),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | null = null;

/**
 * A PostgreSQL database migrated to the current migrations, named by their hash, made by the first worker that
 * needs it (the others wait on an advisory lock) and left for later runs with the same migrations.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const hash = createHash('sha256');
    for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
      if (file.endsWith('.sql') || file.endsWith('.json'))
        hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
    }
    const name = `etp_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(741852)');
      const known = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (known.rowCount === 0) {
        const building = `${name}_building_${process.pid}`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const database = await openDatabase({
          kind: 'postgres',
          url: databaseUrl(adminUrl, building),
          poolSize: 2,
        });
        await database.migrate();
        await database.close();
        // Renamed only when complete: a run killed half-way never leaves a half-migrated template.
        await admin.query(`alter database ${building} rename to ${name}`);
      }
    } finally {
      await admin.query('select pg_advisory_unlock(741852)').catch(() => {});
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}
