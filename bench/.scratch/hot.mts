import pg from 'pg';
import { runLoad } from '../support/load.ts';
import { createBuyers, createClassicMarket } from '../support/market.ts';
import { startBenchServer } from '../support/server.ts';
import { summarize } from '../support/report.ts';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const bidders = Number(process.argv[2] ?? 50);
const pool = Number(process.argv[3] ?? 20);
const s = await startBenchServer('postgres', { poolSize: pool });
const buyers = await createBuyers(s.ctx, s.url, bidders, { signInViaApi: 0, sessions: 4 });
const [lot] = await createClassicMarket(s.ctx, { procedures: 1, lotsPerProcedure: 1 });
const mon = new pg.Client({ connectionString: s.databaseUrl! });
await mon.connect();
const waits = new Map<string, number>();
let stop = false;
const poll = (async () => {
  while (!stop) {
    const { rows } = await mon.query(`select state, coalesce(wait_event_type,'-')||':'||coalesce(wait_event,'-') w, left(query,40) q from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    for (const r of rows) { const k = `${r.state} ${r.w} ${r.q}`; waits.set(k, (waits.get(k) ?? 0) + 1); }
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const load = await runLoad({ mode: 'hot', url: s.url, seconds: 5, lot: lot!, bidders: buyers });
stop = true; await poll; await mon.end();
console.log({ accepted: load.accepted, stale: load.stale, reads: load.reads, other: load.other, attempts_s: load.attempts / 5, lat: summarize(load.latencies) });
for (const [k, v] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(v, k);
await s.close();
