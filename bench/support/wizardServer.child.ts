/**
 * The server of bench/wizard-upload in its own process (so its RSS is the server's alone): a fresh PostgreSQL
 * database, the real app serving the built web app, one seller signed in. Prints one JSON line with the address
 * and the seller's token pair, then serves until SIGTERM.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestApp } from '../../apps/server/test/support/app.ts';
import { buildCompany, buildUser } from '../../apps/server/test/support/factories.ts';
import { signIn } from '../../apps/server/test/support/http.ts';

const [port, dataDir] = process.argv.slice(2);
const webDist = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'apps', 'web', 'dist');

const t = await createTestApp('postgres', {
  DATA_DIR: dataDir!,
  WEB_DIST_DIR: webDist,
  ACCESS_TOKEN_TTL_SECONDS: '86400',
});
const company = await buildCompany(t.ctx.db, { seller: true });
const user = await buildUser(t.ctx.db, { company });
const { jwt } = await signIn(t.app, user.email!);
await t.app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(
  JSON.stringify({ url: `http://127.0.0.1:${port}`, companyId: company.id, jwt, pid: process.pid }),
);

process.on('SIGTERM', () => {
  void t.close().finally(() => process.exit(0));
});
