/**
 * Test databases: every test file gets its own, on PGlite always and on PostgreSQL too when DATABASE_URL is
 * set. PGlite starts from a migrated image made once per worker; PostgreSQL gets a fresh database per file.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.ts';

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

export async function createTestDatabase(kind: DriverKind): Promise<TestDatabase> {
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
  const name = `etp_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 10 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
