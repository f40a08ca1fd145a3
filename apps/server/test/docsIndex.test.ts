/**
 * The generated indexes in docs/ stay true: docs/decisions/README.md lists every decision record as
 * scripts/decisionsIndex.mjs writes it, and docs/ROUTES.md every route of the application as scripts/routeIndex.ts
 * writes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECISIONS_DIR, decisionsIndex } from '../../../scripts/decisionsIndex.mjs';
import { ROUTES_FILE, routeIndex } from '../../../scripts/routeIndex.ts';

describe('docs/decisions/README.md', () => {
  const readme = readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8');

  it('links every record', () => {
    const records = readdirSync(DECISIONS_DIR).filter((name) => /^\d{4}-.*\.md$/.test(name));
    expect(records.filter((file) => !readme.includes(`](${file})`))).toEqual([]);
  });

  it('is what scripts/decisionsIndex.mjs writes (run it after adding or changing a record)', () => {
    expect(readme).toBe(decisionsIndex());
  });
});

describe('docs/ROUTES.md', () => {
  it('is what scripts/routeIndex.ts writes (run `npx tsx scripts/routeIndex.ts` after adding a route or an operation)', async () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(await routeIndex());
  }, 120_000);
});
