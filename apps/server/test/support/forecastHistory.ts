/**
 * Demo sale history on a test floor (the seed's generator, decisions/0107): 40 finished procedures of a bank seller
 * (the floor's) and a microfinance seller made here, bought by the floor's buyers. Returns how many lots sold.
 */
import { BUYER_KEYS, type CompanyKey, type UserKey } from '../../src/seed/accounts.data.ts';
import type { AccountIds } from '../../src/seed/accounts.ts';
import { insertHistory } from '../../src/seed/history.insert.ts';
import { generateHistory } from '../../src/seed/history.ts';
import type { TestApp } from './app.ts';
import { buildCompany, buildUser } from './factories.ts';
import type { Floor } from './trading.ts';

export async function insertSoldHistory(t: TestApp, floor: Floor, seed: number): Promise<number> {
  const mfo = await buildCompany(t.ctx.db, { kind: 'mfo', seller: true, name: 'МФК «История»' });
  const mfoUser = await buildUser(t.ctx.db, { company: mfo });
  const company = { sellerBank: floor.sellerCompany.id, sellerMfo: mfo.id } as Record<CompanyKey, number>;
  const user = { sellerBank: floor.seller.userId, sellerMfo: mfoUser.id } as Record<UserKey, number>;
  BUYER_KEYS.forEach((key, i) => {
    const buyer = floor.buyers[i % floor.buyers.length]!;
    company[key] = buyer.companyId;
    user[key] = buyer.userId;
  });
  const history = generateHistory({ now: t.clock.now(), seed, procedures: 40, sellerKinds: ['bank', 'mfo'] });
  const ids: AccountIds = { company, user };
  return (await insertHistory(t.ctx.db, history, ids)).lots;
}
