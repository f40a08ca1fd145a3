/**
 * The connection a database keeps for one user (Database.dedicated, used by the bid batcher): the same connection
 * until it fails, then a new one; its transactions commit or roll back as a whole although BEGIN and the first
 * statement go out without waiting for a reply (pipeline mode, decisions/0286). PostgreSQL only: PGlite has one
 * session and no such connection.
 */
import { createServer, type Server, Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createTestDatabase, DRIVERS, type TestDatabase } from './support/db.ts';

/**
 * A TCP proxy in front of PostgreSQL that can hold the server's replies back: what the client writes meanwhile is
 * what it sent without waiting for a reply.
 */
async function replyHoldingProxy(target: URL) {
  const upstreamText: Buffer[] = [];
  const held: { socket: Socket; data: Buffer }[] = [];
  let holding = false;
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (data) => {
      upstreamText.push(Buffer.from(data));
      upstream.write(data);
    });
    upstream.on('data', (data) => {
      if (holding) held.push({ socket: client, data });
      else client.write(data);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    sent: () => Buffer.concat(upstreamText).toString('latin1'),
    hold: () => {
      holding = true;
      upstreamText.length = 0;
    },
    release: () => {
      holding = false;
      for (const { socket, data } of held.splice(0)) socket.write(data);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(DRIVERS.includes('postgres'))('the dedicated connection on postgres', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await database.db.execute(sql`create table kept (v integer not null)`);
  });
  afterAll(() => database.close());

  const stored = async () =>
    (
      (await database.db.execute(sql`select v from kept order by v`)) as unknown as { rows: { v: number }[] }
    ).rows.map((r) => r.v);
  const backend = async (db: TestDatabase['db']) =>
    ((await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
      .rows[0]!.pid;

  it('is the same connection from call to call', async () => {
    const one = await database.dedicated!();
    const two = await database.dedicated!();
    expect(two).toBe(one);
    expect(await backend(two.db)).toBe(await backend(one.db));
  });

  it('commits a transaction whole, and rolls one back whole when its work fails', async () => {
    const own = await database.dedicated!();
    await own.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (1)`);
      await tx.execute(sql`insert into kept values (2)`);
    });
    await expect(
      own.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (3)`);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    await expect(
      own.transaction(async (tx) => {
        await tx.execute(sql`insert into kept values (4)`);
        await tx.execute(sql`insert into kept values (null)`);
      }),
    ).rejects.toThrow();
    expect(await stored()).toEqual([1, 2]);
    // The transaction really was one: another session does not see its rows before the commit.
    let seenInside: number[] = [];
    await own.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (5)`);
      seenInside = await stored();
    });
    expect(seenInside).toEqual([1, 2]);
    expect(await stored()).toEqual([1, 2, 5]);
  });

  it('runs a named statement inside its transaction, prepared on the connection once', async () => {
    const own = await database.dedicated!();
    const insert = { name: 'kept_insert', text: 'insert into kept values ($1) returning v' };
    await expect(
      own.transaction(async () => {
        expect(await own.query(insert, [7])).toEqual([{ v: 7 }]);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    await own.transaction(async () => {
      await own.query(insert, [8]);
      await own.query(insert, [9]);
    });
    expect(await stored()).toEqual([1, 2, 5, 8, 9]);
    const statements = (await own.db.execute(
      sql`select name from pg_prepared_statements where name = 'kept_insert'`,
    )) as unknown as { rows: unknown[] };
    expect(statements.rows).toHaveLength(1);
  });

  it('is replaced by a new connection after it failed', async () => {
    const before = await database.dedicated!();
    const pid = await backend(before.db);
    await database.db.execute(sql`select pg_terminate_backend(${pid})`);
    await expect(before.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    await expect.poll(() => before.failed).toBe(true);
    const after = await database.dedicated!();
    expect(after).not.toBe(before);
    expect(await backend(after.db)).not.toBe(pid);
    await after.transaction((tx) => tx.execute(sql`insert into kept values (6)`));
    expect(await stored()).toEqual([1, 2, 5, 6, 8, 9]);
  });

  it("writes a transaction's BEGIN and its first statement without waiting for a reply", async () => {
    const proxy = await replyHoldingProxy(new URL(database.url!));
    const viaProxy = await openDatabase({ kind: 'postgres', url: proxy.url, poolSize: 2 });
    try {
      const own = await viaProxy.dedicated!();
      proxy.hold();
      const done = own.transaction((tx) => tx.execute(sql`insert into kept values (10)`));
      // Nothing has come back from the server, yet both statements have gone to it.
      await expect.poll(() => proxy.sent(), { timeout: 2_000 }).toContain('insert into kept values (10)');
      expect(proxy.sent().toLowerCase()).toContain('begin');
      proxy.release();
      await done;
      expect(await stored()).toContain(10);
    } finally {
      proxy.release();
      await viaProxy.close();
      await proxy.close();
    }
  });
});
