import pg from 'pg';
import { clock } from '../support/report.ts';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/test', max: 2 });
await pool.query('select 1');
for (const q of ['select 1', 'select * from pg_class limit 1']) {
  const t0 = clock(); for (let i = 0; i < 1000; i++) await pool.query(q); console.log(q, (clock() - t0) / 1000, 'ms');
}
const t0 = clock(); for (let i = 0; i < 500; i++) await pool.query({text: 'select $1::int', values: [i]}); console.log('param', (clock() - t0) / 500, 'ms');
await pool.end();
