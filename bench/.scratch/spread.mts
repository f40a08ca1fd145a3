import { execSync } from 'node:child_process';
import { runLoad } from '../support/load.ts';
import { createBuyers, createClassicMarket } from '../support/market.ts';
import { startBenchServer } from '../support/server.ts';
import { summarize } from '../support/report.ts';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const conc = Number(process.argv[2] ?? 64);
const s = await startBenchServer('postgres', { poolSize: Number(process.argv[3] ?? 20) });
const buyers = await createBuyers(s.ctx, s.url, 500, { signInViaApi: 0 });
const lots = await createClassicMarket(s.ctx, { procedures: 20, lotsPerProcedure: 50 });
const cpu = () => { const out = execSync("ps -eo pid,comm,time --no-headers").toString(); return out; };
import { readdirSync, readFileSync } from 'node:fs';
const ticks = () => {
  const m = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const st = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
      const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
      const u = Number(f[11]) / 100, sy = Number(f[12]) / 100;
      const key = Number(pid) === process.pid ? 'server' : comm;
      m.set(key + ' user', (m.get(key + ' user') ?? 0) + u);
      m.set(key + ' sys', (m.get(key + ' sys') ?? 0) + sy);
    } catch {}
  }
  return m;
};
import pg from 'pg';
const mon = new pg.Client({ connectionString: s.databaseUrl! });
await mon.connect();
const waits = new Map<string, number>();
let stop = false;
const poll = (async () => {
  while (!stop) {
    const { rows } = await mon.query(`select state, coalesce(wait_event_type,'-')||':'||coalesce(wait_event,'-') w, left(query,30) q from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
    for (const r of rows) { const k = `${r.state} ${r.w} ${r.q}`; waits.set(k, (waits.get(k) ?? 0) + 1); }
    await new Promise((r) => setTimeout(r, 50));
  }
})();
const before = ticks();
const load = await runLoad({ mode: 'closed', url: s.url, seconds: 8, concurrency: conc, lots, buyers });
const after = ticks();
stop = true; await poll; await mon.end();
for (const [k, v] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(v, k);
for (const [k, v] of after) { const d = v - (before.get(k) ?? 0); if (d > 0.1) console.log('cpu s', k, d); }
console.log({ acc_s: load.accepted / (load.elapsed_ms / 1000), lat: summarize(load.latencies), other: load.other, stale: load.stale });
await s.close();
void cpu;
