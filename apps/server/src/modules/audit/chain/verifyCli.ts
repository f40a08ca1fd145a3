/**
 * `npm run audit:verify [briefcase_id]`: walks every hash chain of the audit log and prints the first broken
 * link of each broken chain. Exit code 1 when any chain is broken.
 */
import { loadConfig } from '../../../config.ts';
import { openDatabase } from '../../../db/client.ts';
import { verifyAudit } from '../audit.service.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
const arg = process.argv[2];
const reports = await verifyAudit(database.db, arg ? Number(arg) : undefined);
let broken = 0;
for (const { briefcase_id, verdict } of reports) {
  const name = briefcase_id === null ? 'площадка' : `ТП №${briefcase_id}`;
  if (verdict.ok) {
    // The head is what a trade protocol prints (decisions/0120): the two must match.
    console.log(
      `✔ ${name}: ${verdict.entries} записей, цепочка цела; последняя запись №${verdict.entries}, хеш ${verdict.head}`,
    );
  } else {
    broken++;
    console.log(`✖ ${name}: запись №${verdict.brokenAtSeq} — ${verdict.reason}`);
  }
}
await database.close();
process.exit(broken ? 1 : 0);
