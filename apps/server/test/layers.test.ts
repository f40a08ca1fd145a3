/**
 * SQL only in *.queries.ts (docs/decisions/0256): scripts/checkLayers.mjs, run by `npm run lint`, finds none
 * elsewhere in apps/server/src today, and does find each kind of violation planted in a file or a copied tree.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { blankComments, checkLayers, checkSource } from '../../../scripts/checkLayers.mjs';

const SCRIPT = join(import.meta.dirname, '../../../scripts/checkLayers.mjs');

/** The lines checkSource reports for one planted file. */
const linesOf = (path: string, source: string) => checkSource(path, source).map((v) => v.line);

describe('scripts/checkLayers.mjs', () => {
  it('finds no SQL outside the queries modules and the database layer of apps/server/src', () => {
    expect(checkLayers()).toEqual([]);
  });

  it('reports a value import of drizzle-orm, of the schema or of a driver outside a queries module', () => {
    const source = [
      "import { and, eq } from 'drizzle-orm';",
      "import { type SQL, sql } from 'drizzle-orm';",
      "import { alias } from 'drizzle-orm/pg-core';",
      "import { lots } from '../../db/schema/index.ts';",
      "import * as schema from '../../db/schema/trading.ts';",
      "import pg from 'pg';",
      "export { briefcases } from '../../db/schema/index.ts';",
      "const late = await import('drizzle-orm');",
    ].join('\n');
    expect(linesOf('modules/lots/lots.service.ts', source)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('allows type-only imports: a row type runs no statement', () => {
    const source = [
      "import type { briefcases, EventKind } from '../../db/schema/index.ts';",
      "import { type BriefcaseStatusColumn, type CodePurpose } from '../../db/schema/index.ts';",
      "import type { SQL } from 'drizzle-orm';",
      "import type pg from 'pg';",
      "import type { DbOrTx } from '../../db/client.ts';",
    ].join('\n');
    expect(linesOf('modules/rounds/rounds.policy.ts', source)).toEqual([]);
  });

  it('reports query-builder calls on a database handle, also split over lines', () => {
    const source = [
      'export async function f(ctx, tx, session, connection) {',
      '  const rows = await ctx.db',
      '    .select({ id: lots.id })',
      '    .from(lots);',
      '  await tx.update(lots).set({});',
      "  await session.query('savepoint s');",
      '  await tx.query.bids.findFirst({});',
      '  await this.ctx.db.execute(raw);',
      '  await connection.query(STATEMENT, []);',
      '  return ctx.db.transaction(async (t) => t);',
      '}',
    ].join('\n');
    expect(linesOf('modules/documents/reports.routes.ts', source)).toEqual([2, 5, 6, 7, 8, 9]);
  });

  it('does not mistake other things for SQL: maps, hashes, routes, comments and strings', () => {
    const source = [
      "// import { eq } from 'drizzle-orm'; and db.select() in a comment",
      '/* tx.update(lots) in a block',
      "   import { lots } from '../../db/schema/index.ts'; */",
      'cache.delete(key);',
      "createHash('sha256').update(value);",
      "app.delete('/api/v1/profile', user, handler);",
      "const url = 'http://example.test/'; const re = /^Bearer\\s+(\\S+)$/i.exec(header);",
      // A template literal with a nested one inside its placeholder, then a comment.
      ['const text = `a $', '{`nested $', '{1}`} b`; // db.execute(x)'].join(''),
      'storage.delete(key);',
    ].join('\n');
    expect(linesOf('modules/auth/guards.ts', source)).toEqual([]);
  });

  it('allows SQL in *.queries.ts, the database layer, the seed and the raw registry session', () => {
    const source = "import { eq } from 'drizzle-orm';\nawait db.select().from(lots);";
    for (const path of [
      'modules/lots/lots.queries.ts',
      'modules/events/trading.events.queries.ts',
      'scheduler/transitions.queries.ts',
      'db/client.ts',
      'db/schema/trading.ts',
      'seed/insert.ts',
      'modules/registries/ingest/rawSession.ts',
    ]) {
      expect(checkSource(path, source), path).toEqual([]);
    }
    expect(checkSource('modules/lots/lots.queries.test.ts', source)).toHaveLength(2);
    expect(checkSource('db.ts', source)).toHaveLength(2);
  });

  it('keeps line numbers when it blanks comments', () => {
    const source = '/**\n * a\n */\nconst x = 1; // y\n';
    expect(blankComments(source).split('\n')).toHaveLength(source.split('\n').length);
    expect(blankComments(source)).not.toContain('y');
  });

  describe('run as `node scripts/checkLayers.mjs <src>` (as npm run lint does)', () => {
    const tree = mkdtempSync(join(tmpdir(), 'layers-'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const plant = (path: string, text: string) => {
      mkdirSync(join(tree, path, '..'), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    const run = () => spawnSync(process.execPath, [SCRIPT, tree], { encoding: 'utf8' });

    it('passes a tree whose SQL is in queries modules', () => {
      plant(
        'modules/lots/lots.queries.ts',
        "import { eq } from 'drizzle-orm';\nexport const q = (db) => db.select();\n",
      );
      plant(
        'modules/lots/lots.service.ts',
        "import { q } from './lots.queries.ts';\nexport const f = (ctx) => q(ctx.db);\n",
      );
      const result = run();
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    });

    it('fails with file:line when a service builds SQL itself', () => {
      plant(
        'modules/lots/lots.service.ts',
        "import { q } from './lots.queries.ts';\nimport { eq } from 'drizzle-orm';\nexport const f = (tx) => tx.delete(lots);\n",
      );
      const result = run();
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('apps/server/src/modules/lots/lots.service.ts:2');
      expect(result.stderr).toContain('apps/server/src/modules/lots/lots.service.ts:3');
    });
  });
});
