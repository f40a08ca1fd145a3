/** SQL of the system calls: the health check's round trip to the database. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** One trivial statement: resolves when the database answers. */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
