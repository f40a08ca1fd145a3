import { JsonClient } from '/work/main/bench/support/http.ts';
import { createBuyers, createClassicMarket } from '/work/main/bench/support/market.ts';
import { clock } from '/work/main/bench/support/report.ts';
import { startBenchServer } from '/work/main/bench/support/server.ts';
const kind = (process.argv[2] ?? 'postgres') as 'postgres' | 'pglite';
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
const s = await startBenchServer(kind, { poolSize: 20 });
const buyers = await createBuyers(s.ctx, s.url, 2, { signInViaApi: 0 });
const [lot] = await createClassicMarket(s.ctx, { procedures: 1, lotsPerProcedure: 1 });
const c = new JsonClient(s.url, 4);
let amount = lot!.startPrice;
const lat: number[] = [];
for (let i = 0; i < 200; i++) {
  const b = buyers[i % 2]!;
  const t0 = clock();
  const r = await c.post('/api/v1/bids', b.tokens[0]!, { lot_id: lot!.id, amount });
  lat.push(clock() - t0);
  if (r.status !== 200) console.log(r.status, r.body);
  amount += lot!.stepPrice;
}
lat.sort((a, b) => a - b);
console.log('serial bid p50', lat[100], 'p90', lat[180], 'max', lat[199]);
const g: number[] = [];
for (let i = 0; i < 100; i++) { const t0 = clock(); await c.get(`/api/v1/lots/${lot!.id}`, buyers[0]!.tokens[0]!); g.push(clock() - t0); }
g.sort((a, b) => a - b); console.log('GET lot p50', g[50]);
c.close();
await s.close();
