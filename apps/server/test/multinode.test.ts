/**
 * Two server processes on one PostgreSQL and one Redis: bids arrive on both, and every subscriber on both nodes
 * sees every update of the lot, in order. Needs DATABASE_URL and REDIS_URL (CI sets both).
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bids } from '../src/db/schema/index.ts';
import { createTestDatabase } from './support/db.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser, PASSWORD } from './support/factories.ts';
import { connectLive, type LiveTestClient } from './support/live.ts';
import { postJson, type ServerProcess, startServer } from './support/process.ts';

const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.runIf(ready)('two nodes behind one PostgreSQL and Redis', () => {
  const servers: ServerProcess[] = [];
  const clients: LiveTestClient[] = [];
  afterAll(async () => {
    for (const c of clients) c.close();
    for (const s of servers) await s.kill('SIGTERM');
  });

  it('delivers every lot update to every subscriber of both nodes, in order', async () => {
    const database = await createTestDatabase('postgres');
    const db = database.db;
    const now = Date.now();
    const seller = await buildCompany(db, { seller: true });
    const buyers = [];
    for (let i = 0; i < 4; i++) {
      const company = await buildCompany(db);
      buyers.push(await buildUser(db, { company }));
    }
    const briefcase = await buildBriefcase(db, seller, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
    });
    const lot = await buildLot(db, briefcase, {
      status: 'active',
      startDatetime: new Date(now - 60_000),
      endDatetime: new Date(now + 3_600_000),
      startPrice: 1_000_000,
      stepPrice: 100_000,
    });
    const env = {
      DATABASE_URL: database.url!,
      REDIS_URL: process.env.REDIS_URL!,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
    };
    servers.push(await startServer(env), await startServer(env));
    const [a, b] = servers as [ServerProcess, ServerProcess];

    const tokens: string[] = [];
    for (const user of buyers) {
      const reply = await postJson(`${a.url}/api/v2/auth/authorize_by_email`, {
        email: user.email,
        password: PASSWORD,
      });
      tokens.push((reply.body.data.jwt as { token: string }).token);
    }
    for (const server of servers) {
      for (let k = 0; k < 3; k++) {
        const client = await connectLive(server.url, tokens[k]!);
        client.send({ command: 'subscribe', channel: 'LotsStream', briefcase_id: briefcase.id });
        await client.waitFor((m) => m.type === 'subscribed');
        clients.push(client);
      }
    }

    // Four bidders, each alternating nodes, racing each other.
    let accepted = 0;
    await Promise.all(
      tokens.map(async (token, i) => {
        for (let round = 0; round < 8; round++) {
          const node = (i + round) % 2 === 0 ? a : b;
          const lotView = await fetch(`${node.url}/api/v1/lots/${lot.id}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const next = ((await lotView.json()) as { data: { attributes: { next_price: number } } }).data
            .attributes.next_price;
          const reply = await postJson(
            `${node.url}/api/v1/bids`,
            { lot_id: lot.id, amount: next, confirm: true },
            token,
          );
          if (reply.status === 200) accepted++;
        }
      }),
    );
    const stored = await db.select({ id: bids.id }).from(bids).where(eq(bids.lotId, lot.id));
    expect(stored.length).toBe(accepted);
    expect(accepted).toBeGreaterThan(4);

    const updates = (client: LiveTestClient) =>
      client.messages
        .filter((m) => m.action === 'lot_update')
        .map((m) => (m.payload as { version: number }).version);
    for (const client of clients) {
      await client.waitFor(
        (m) => m.action === 'lot_update' && (m.payload as { version: number }).version === accepted,
        10_000,
      );
      // Every update, each once, in order.
      expect(updates(client)).toEqual(Array.from({ length: accepted }, (_, k) => k + 1));
    }
    await database.close();
  }, 120_000);
});
