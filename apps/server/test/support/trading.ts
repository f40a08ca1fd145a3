/** A trading floor for tests: a seller, accredited buyers, an administrator, and helpers to bid through the API. */
import type { TestApp } from './app.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser } from './factories.ts';
import { bearer, signIn } from './http.ts';

export interface Trader {
  userId: number;
  companyId: number;
  token: string;
}

export async function buildFloor(t: TestApp, buyers = 3) {
  const db = t.ctx.db;
  const sellerCompany = await buildCompany(db, { kind: 'bank', seller: true, name: 'АО «Продавец»' });
  const sellerUser = await buildUser(db, { company: sellerCompany });
  const seller: Trader = {
    userId: sellerUser.id,
    companyId: sellerCompany.id,
    token: (await signIn(t.app, sellerUser.email!)).jwt.token,
  };
  const list: Trader[] = [];
  for (let i = 0; i < buyers; i++) {
    const company = await buildCompany(db, { name: `ООО «Покупатель ${i + 1}»` });
    const user = await buildUser(db, { company });
    list.push({
      userId: user.id,
      companyId: company.id,
      token: (await signIn(t.app, user.email!)).jwt.token,
    });
  }
  const adminUser = await buildUser(db, { company: null, role: 'admin' });
  const admin: Trader = {
    userId: adminUser.id,
    companyId: 0,
    token: (await signIn(t.app, adminUser.email!)).jwt.token,
  };
  return { sellerCompany, seller, buyers: list, admin };
}

export type Floor = Awaited<ReturnType<typeof buildFloor>>;

/** A procedure trading now (started an hour ago, ends in two hours by default) with one lot. */
export async function tradingLot(
  t: TestApp,
  floor: Floor,
  options: {
    auctionType?: 'classic' | 'dutch' | 'private_requests' | 'bank_to_bank';
    status?: 'ready' | 'active';
    startInMs?: number;
    endInMs?: number;
    renewalMinutes?: number;
    lot?: Parameters<typeof buildLot>[2];
    briefcase?: Parameters<typeof buildBriefcase>[2];
  } = {},
) {
  const now = t.clock.now().getTime();
  const status = options.status ?? 'active';
  const start = new Date(now + (options.startInMs ?? -3_600_000));
  const end = new Date(now + (options.endInMs ?? 7_200_000));
  const briefcase = await buildBriefcase(t.ctx.db, floor.sellerCompany, {
    auctionType: options.auctionType ?? 'classic',
    status,
    startDatetime: start,
    endDatetime: end,
    renewalAfterLastBidInMinutes: options.renewalMinutes ?? 0,
    ...options.briefcase,
  });
  const lot = await buildLot(t.ctx.db, briefcase, {
    status,
    startPrice: 1_000_000,
    stepPrice: 100_000,
    amountBottomline: 50_000_000,
    startDatetime: start,
    endDatetime: end,
    ...options.lot,
  });
  return { briefcase, lot };
}

export function api(t: TestApp) {
  return {
    bid: (who: Trader, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/bids', headers: bearer(who.token), payload }),
    autobid: (who: Trader, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/autobid/enable', headers: bearer(who.token), payload }),
    disableAutobid: (who: Trader, lotId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/autobid/disable',
        headers: bearer(who.token),
        payload: { lot_id: lotId },
      }),
    lot: async (who: Trader, lotId: number) =>
      (await t.app.inject({ url: `/api/v1/lots/${lotId}`, headers: bearer(who.token) })).json().data
        ?.attributes,
    get: (who: Trader, url: string) => t.app.inject({ url, headers: bearer(who.token) }),
    send: (who: Trader, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) }),
  };
}
