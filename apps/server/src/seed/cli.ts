/**
 * `tsx apps/server/src/seed/cli.ts`: opens the database named by the environment (DATABASE_URL, else PGlite
 * under DATA_DIR, default ./data), applies the migrations, seeds the demo if no user exists, and lists the
 * demo accounts.
 */
import { join, resolve } from 'node:path';
import { type DatabaseTarget, openDatabase } from '../db/client.ts';
import { LocalDiskStorage } from '../storage/localDisk.ts';
import { type DemoAccount, isDatabaseEmpty, seedDemoWithSummary } from './demo.ts';

function targetFromEnv(): DatabaseTarget {
  const url = process.env.DATABASE_URL;
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR || './data') };
}

function printAccounts(accounts: readonly DemoAccount[]): void {
  console.log('\nДемо-учётные записи (пароль у всех одинаковый):');
  for (const a of accounts) console.log(`  ${a.email.padEnd(26)} ${a.password}  ${a.role}: ${a.description}`);
}

async function main(): Promise<void> {
  const target = targetFromEnv();
  const database = await openDatabase(target);
  try {
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) {
      console.log('В базе уже есть пользователи: демо-данные не добавлены.');
      return;
    }
    const started = performance.now();
    // The server's own store (storageOf): DATA_DIR/files, whichever database holds the rows.
    const storage = new LocalDiskStorage(join(resolve(process.env.DATA_DIR || './data'), 'files'));
    const { accounts, summary } = await seedDemoWithSummary(database.db, { now: new Date(), storage });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = target.kind === 'postgres' ? 'PostgreSQL' : `PGlite (${target.dataDir})`;
    console.log(`Демо-данные записаны в ${where} за ${seconds} с:`, summary);
    printAccounts(accounts);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
