/**
 * Decision 0232: a registry's COPY runs in a PostgreSQL backend at idle priority (SCHED_IDLE) when the database is
 * on this host, and that connection is closed afterwards, never handed on to a bid. Only a PostgreSQL backend is
 * ever touched: a process id that is not one (a database on another host has its own ids) is left alone.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idleDatabaseBackend } from '../src/files/idlePriority.ts';
import { withRawTransaction } from '../src/modules/registries/ingest/rawSession.ts';
import { createTestDatabase, DRIVERS, type TestDatabase } from './support/db.ts';

/** The scheduling policy of a process or thread: 0 SCHED_OTHER, 5 SCHED_IDLE (field 41 of /proc/<id>/stat). */
function schedulingPolicy(path: string): number {
  const stat = readFileSync(`${path}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
}

const SCHED_OTHER = 0;
const SCHED_IDLE = 5;

describe('idle priority is only given to PostgreSQL backends', () => {
  it('a process id that is not a PostgreSQL backend (this very process) is left as it was', async () => {
    expect(await idleDatabaseBackend(process.pid)).toBe(false);
    expect(schedulingPolicy(`/proc/${process.pid}`)).toBe(SCHED_OTHER);
    expect(await idleDatabaseBackend(1)).toBe(false);
    expect(await idleDatabaseBackend(2 ** 22 + 7)).toBe(false);
  });
});

describe.runIf(DRIVERS.includes('postgres'))('a registry COPY backend on postgres', () => {
  let database: TestDatabase;
  const ctx = () => ({ db: database.db, database });
  const backendPid = async (session: { query<T>(text: string): Promise<T[]> }) =>
    (await session.query<{ pid: number }>('select pg_backend_pid() as pid'))[0]!.pid;
  const alive = async (pid: number) =>
    (
      await withRawTransaction(ctx(), (session) =>
        session.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where pid = ${pid}`),
      )
    )[0]!.n > 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
  });
  afterAll(() => database.close());

  it('runs at SCHED_IDLE from its first COPY on, and its connection is closed afterwards', async () => {
    let pid = 0;
    let before = -1;
    let policy = -1;
    await withRawTransaction(
      ctx(),
      async (session) => {
        pid = await backendPid(session);
        before = schedulingPolicy(`/proc/${pid}`);
        await session.query('create temp table stored_rows (v integer) on commit drop');
        await session.copyFrom('stored_rows', Buffer.from('1\n2\n'));
        policy = schedulingPolicy(`/proc/${pid}`);
        expect(await session.query('select v from stored_rows order by v')).toEqual([{ v: 1 }, { v: 2 }]);
      },
      { fileWork: true },
    );
    expect(before).toBe(SCHED_OTHER);
    expect(policy).toBe(SCHED_IDLE);
    let ended = false;
    for (let i = 0; i < 50 && !ended; i++) {
      ended = !(await alive(pid));
      if (!ended) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ended).toBe(true);
  });

  it('a file refused before any COPY keeps the normal policy and its pooled connection', async () => {
    let pid = 0;
    let policy = -1;
    await withRawTransaction(
      ctx(),
      async (session) => {
        pid = await backendPid(session);
      },
      { fileWork: true },
    );
    await withRawTransaction(ctx(), async (session) => {
      policy = schedulingPolicy(`/proc/${await backendPid(session)}`);
    });
    expect(policy).toBe(SCHED_OTHER);
    expect(await alive(pid)).toBe(true);
  });

  it('other transactions keep the normal policy and their pooled connection', async () => {
    let pid = 0;
    let policy = -1;
    await withRawTransaction(ctx(), async (session) => {
      pid = await backendPid(session);
      policy = schedulingPolicy(`/proc/${pid}`);
    });
    expect(policy).toBe(SCHED_OTHER);
    expect(await alive(pid)).toBe(true);
  });
});
