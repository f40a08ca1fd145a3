/** Verifies the audit chains: one procedure's, or every chain in the database. */
import type { DbOrTx } from '../../db/client.ts';
import { chainIds, readChain } from './audit.queries.ts';
import { type ChainVerdict, verifyChain } from './chain/hashChain.ts';

export interface ChainReport {
  briefcase_id: number | null;
  verdict: ChainVerdict;
}

export async function verifyAudit(db: DbOrTx, briefcaseId?: number): Promise<ChainReport[]> {
  const ids = briefcaseId === undefined ? await chainIds(db) : [briefcaseId];
  const reports: ChainReport[] = [];
  for (const id of ids) reports.push({ briefcase_id: id, verdict: verifyChain(await readChain(db, id)) });
  return reports;
}
