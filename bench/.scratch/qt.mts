import pg from 'pg';
import { clock } from '../support/report.ts';
const stats = new Map<string, { n: number; ms: number }>();
const orig = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function (this: unknown, ...args: unknown[]) {
  const cfg = args[0] as { text?: string } | string;
  const text = (typeof cfg === 'string' ? cfg : cfg?.text ?? '?').slice(0, 90);
  const t0 = clock();
  const r = orig.apply(this, args) as Promise<unknown>;
  if (r && typeof (r as Promise<unknown>).then === 'function') {
    return r.then((v) => { const s = stats.get(text) ?? { n: 0, ms: 0 }; s.n++; s.ms += clock() - t0; stats.set(text, s); return v; });
  }
  return r;
};
process.on('exit', () => {
  const rows = [...stats.entries()].filter(([, s]) => s.n >= 50).sort((a, b) => b[1].ms - a[1].ms);
  for (const [t, s] of rows.slice(0, 30)) console.log(s.n, (s.ms / s.n).toFixed(2), t);
});
await import('./probe.mts');
