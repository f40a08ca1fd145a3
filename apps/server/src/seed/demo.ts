/**
 * The deterministic demo seed: companies of every kind, users of every role, procedures of every format and
 * status (some trading right now), with registries, bids, autobids, favourites, questions and events. All dates
 * are relative to `now`, so the demo is always fresh; the same seed and `now` give the same rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/credentials/passwords.ts';
import type { Storage } from '../storage/storage.ts';
import { DEMO_PASSWORD } from './accounts.data.ts';
import { type DemoAccount, demoAccounts, insertAccounts } from './accounts.ts';
import { insertAuditChains } from './audit.ts';
import { buildDemoModel } from './build.ts';
import { insertDemoDeals } from './deals.ts';
import { insertDemoDocuments } from './documents.ts';
import { insertEngagement } from './engagement.ts';
import { demoHistory, insertHistory } from './history.insert.ts';
import { insertProcedures } from './insert.ts';

export type { DemoAccount } from './accounts.ts';

export const DEFAULT_DEMO_SEED = 20261122;

export interface SeedOptions {
  now: Date;
  seed?: number;
  /** Where the procedures' documentation files go; without it the demo has no documents. */
  storage?: Storage;
}

export interface SeedSummary {
  procedures: number;
  lots: number;
  registryRows: number;
  bids: number;
  autobids: number;
  events: number;
  favourites: number;
  questions: number;
  /** Closed procedures and sold lots of the forecast's demo history (history.ts). */
  historyProcedures: number;
  historyLots: number;
  /** Entries of the procedures' audit chains (seed/audit.ts). */
  auditEntries: number;
  /** Documentation files of the procedures (seed/documents.ts). */
  documents: number;
  /** Deals of won lots in several states (seed/deals.ts). */
  deals: number;
}

/** True when no user exists yet: the demo is seeded only into an empty database. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Seeds the demo and reports how much it created. */
export async function seedDemoWithSummary(
  db: Db,
  opts: SeedOptions,
): Promise<{ accounts: DemoAccount[]; summary: SeedSummary }> {
  const now = opts.now;
  const model = buildDemoModel(opts.seed ?? DEFAULT_DEMO_SEED, now);
  // One hash for every demo user: they share the password, and argon2id is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const summary = await db.transaction(async (tx) => {
    const ids = await insertAccounts(tx, now, passwordHash);
    const done = await insertProcedures(tx, model, ids);
    const auditEntries = await insertAuditChains(tx, done, ids);
    const dealCount = await insertDemoDeals(tx, done, ids, now);
    const documents = opts.storage ? await insertDemoDocuments(tx, done, opts.storage) : 0;
    const engagement = await insertEngagement(tx, done, ids, now);
    const history = await insertHistory(tx, demoHistory(opts.seed ?? DEFAULT_DEMO_SEED, now), ids);
    const allLots = model.flatMap((p) => p.lots);
    return {
      procedures: model.length,
      lots: allLots.length,
      registryRows: allLots.reduce((s, l) => s + l.debts.length, 0),
      bids: allLots.reduce((s, l) => s + l.bids.length, 0),
      autobids: allLots.reduce((s, l) => s + l.autobids.length, 0),
      ...engagement,
      historyProcedures: history.procedures,
      historyLots: history.lots,
      auditEntries,
      documents,
      deals: dealCount,
    };
  });
  return { accounts: demoAccounts(), summary };
}

export async function seedDemo(db: Db, opts: SeedOptions): Promise<DemoAccount[]> {
  return (await seedDemoWithSummary(db, opts)).accounts;
}
