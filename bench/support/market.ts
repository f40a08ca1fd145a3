/**
 * A market to trade on, inserted fast: a seller, accredited buyer companies with one user each (batched inserts,
 * one shared argon2 hash), classic procedures trading now, and signed-in sessions. A handful of buyers sign in
 * through the real POST /api/v2/auth/authorize_by_email; the others get sessions from the same openSession the
 * sign-in calls (a refresh-token row and an access JWT from the app's TokenService), because 500 argon2
 * verifications would take most of a minute and measure nothing of trading.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../apps/server/src/appContext.ts';
import {
  bids,
  briefcases,
  companies,
  lots,
  memberships,
  users,
} from '../../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/credentials/passwords.ts';
import { openSession } from '../../apps/server/src/modules/auth/session/sessions.ts';
import { JsonClient } from './http.ts';

export const PASSWORD = 'Bench-pass-2026';
const CHUNK = 500;

export interface Buyer {
  userId: number;
  companyId: number;
  /** One or more access tokens (separate sessions) of the user. */
  tokens: string[];
}

export interface TradingLot {
  id: number;
  briefcaseId: number;
  startPrice: number;
  stepPrice: number;
  version: number;
  /** The price a bid must offer now, and the company leading (null before the first bid). */
  nextPrice: number;
  leaderCompanyId: number | null;
}

let runTag = 0;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** `count` accredited legal-entity buyers, each with one owner user signed in `sessions` times. */
export async function createBuyers(
  ctx: AppContext,
  baseUrl: string,
  count: number,
  options: { signInViaApi?: number; sessions?: number } = {},
): Promise<Buyer[]> {
  const db = ctx.db;
  const tag = `${process.pid}${++runTag}`;
  const hash = await hashPassword(PASSWORD);
  const companyRows = await db
    .insert(companies)
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: 'legal' as const,
        name: `ООО «Покупатель ${i + 1}»`,
        fullName: `Общество с ограниченной ответственностью «Покупатель ${i + 1}»`,
        inn: String(7_700_000_000 + i),
        goodStanding: true,
        accreditationStatus: 'approved' as const,
      })),
    )
    .returning({ id: companies.id });
  const userValues = companyRows.map((c, i) => ({
    email: `bench${tag}.buyer${i}@example.ru`,
    phone: `79${String(tag).slice(-3).padStart(3, '0')}${String(i).padStart(6, '0')}`,
    firstName: 'Покупатель',
    lastName: `Номер ${i + 1}`,
    role: 'user' as const,
    passwordHash: hash,
    confirmedEmail: true,
    currentCompanyId: c.id,
  }));
  const userRows: { id: number; email: string | null }[] = [];
  await insertChunked(userValues, async (chunk) => {
    userRows.push(...(await db.insert(users).values(chunk).returning({ id: users.id, email: users.email })));
  });
  await insertChunked(
    userRows.map((u, i) => ({ userId: u.id, companyId: companyRows[i]!.id, owner: true })),
    (chunk) => db.insert(memberships).values(chunk),
  );
  const viaApi = Math.min(count, options.signInViaApi ?? 3);
  const sessions = options.sessions ?? 1;
  const client = new JsonClient(baseUrl, 4);
  const deps = { db, tokens: ctx.tokens, refreshTtlDays: ctx.config.refreshTokenTtlDays, now: ctx.now };
  const buyers: Buyer[] = [];
  for (let i = 0; i < userRows.length; i++) {
    const user = userRows[i]!;
    const tokens: string[] = [];
    for (let s = 0; s < sessions; s++) {
      if (i < viaApi && s === 0) {
        const reply = await client.post('/api/v2/auth/authorize_by_email', null, {
          email: user.email,
          password: PASSWORD,
        });
        if (reply.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(reply.body)}`);
        tokens.push((reply.body!.data as { jwt: { token: string } }).jwt.token);
      } else {
        tokens.push((await openSession(deps, user.id)).token);
      }
    }
    buyers.push({ userId: user.id, companyId: companyRows[i]!.id, tokens });
  }
  client.close();
  return buyers;
}

/** `procedures` classic procedures of one seller, trading now, with `lotsPerProcedure` active lots each. */
export async function createClassicMarket(
  ctx: AppContext,
  options: { procedures: number; lotsPerProcedure: number; startPrice?: number; stepPrice?: number },
): Promise<TradingLot[]> {
  const db = ctx.db;
  const now = ctx.now().getTime();
  const start = new Date(now - 3_600_000);
  const end = new Date(now + 6 * 3_600_000);
  const startPrice = options.startPrice ?? 1_000_000;
  const stepPrice = options.stepPrice ?? 10_000;
  const [seller] = await db
    .insert(companies)
    .values({
      kind: 'bank',
      name: 'АО «Продавец»',
      fullName: 'Акционерное общество «Продавец»',
      seller: true,
      goodStanding: true,
      accreditationStatus: 'approved',
    })
    .returning({ id: companies.id });
  const procedureRows = await db
    .insert(briefcases)
    .values(
      Array.from({ length: options.procedures }, () => ({
        companyId: seller!.id,
        auctionType: 'classic' as const,
        status: 'active' as const,
        startDatetime: start,
        endDatetime: end,
        renewalAfterLastBidInMinutes: 0,
        amountTotal: 100_000_000,
        amountBottomline: 150_000_000,
        startPrice: 9_000_000,
        itemsCount: 120,
        activity: 'banking' as const,
        sourceKind: 'overdue_loans' as const,
        sourceDebtorType: 'individuals' as const,
        liability: 'unsecured' as const,
      })),
    )
    .returning({ id: briefcases.id });
  const lotValues = procedureRows.flatMap((p) =>
    Array.from({ length: options.lotsPerProcedure }, (_, k) => ({
      briefcaseId: p.id,
      number: k + 1,
      status: 'active' as const,
      startPrice,
      stepPrice,
      amountBottomline: 50_000_000,
      startDatetime: start,
      endDatetime: end,
    })),
  );
  const created: TradingLot[] = [];
  await insertChunked(lotValues, async (chunk) => {
    const rows = await db.insert(lots).values(chunk).returning();
    for (const r of rows) {
      created.push({
        id: r.id,
        briefcaseId: r.briefcaseId,
        startPrice: r.startPrice,
        stepPrice: r.stepPrice ?? stepPrice,
        version: r.version,
        nextPrice: r.startPrice,
        leaderCompanyId: null,
      });
    }
  });
  return created;
}

/** The lots as they are now, for a load generator that starts where the previous one stopped. */
export async function refreshLots(ctx: AppContext, list: TradingLot[]): Promise<TradingLot[]> {
  const rows = await ctx.db
    .select({
      id: lots.id,
      version: lots.version,
      currentPrice: lots.currentPrice,
      leaderCompanyId: bids.companyId,
    })
    .from(lots)
    .leftJoin(bids, eq(bids.id, lots.leaderBidId))
    .where(
      inArray(
        lots.id,
        list.map((l) => l.id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return list.map((lot) => {
    const row = byId.get(lot.id)!;
    return {
      ...lot,
      version: row.version,
      nextPrice: row.currentPrice === null ? lot.startPrice : row.currentPrice + lot.stepPrice,
      leaderCompanyId: row.leaderCompanyId,
    };
  });
}

/** The lots as they are now: price, version and bids. */
export async function readLots(ctx: AppContext, ids: number[]) {
  return ctx.db
    .select({
      id: lots.id,
      version: lots.version,
      currentPrice: lots.currentPrice,
      bidsCount: lots.bidsCount,
    })
    .from(lots)
    .where(inArray(lots.id, ids));
}
