/**
 * Opens an embedded database from its files as the server does (openDatabase) and prints, as JSON, what the process
 * holds before and after: its resident memory (MB) and the pool PostgreSQL reports. For pgliteMemory.test.ts.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.ts';

const residentMb = () => Number(readFileSync('/proc/self/statm', 'utf8').split(' ')[1]) * (4096 / 2 ** 20);

const before = residentMb();
const database = await openDatabase({ kind: 'pglite', dataDir: process.argv[2]! });
const { rows } = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
  rows: { shared_buffers: string }[];
};
const opened = residentMb();
await database.close();
console.log(JSON.stringify({ before, opened, sharedBuffers: rows[0]?.shared_buffers }));
