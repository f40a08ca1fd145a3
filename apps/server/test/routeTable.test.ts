/**
 * The web app's route table (packages/contracts/src/routeTable.ts) is what scripts/routeTable.ts makes from the
 * operations: every operation's method, path and publicness, nothing stale (decisions/0254).
 */
import { readFileSync } from 'node:fs';
import { OPERATIONS, ROUTE_TABLE } from '@etp/contracts';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE_FILE, routeTableSource } from '../../../scripts/routeTable.ts';

describe('the route table', () => {
  it('is what scripts/routeTable.ts writes (run `npx tsx scripts/routeTable.ts` after changing an operation)', () => {
    expect(readFileSync(ROUTE_TABLE_FILE, 'utf8')).toBe(routeTableSource());
  });

  it('has every operation with its method, path and publicness', () => {
    const expected = Object.fromEntries(
      Object.entries(OPERATIONS).map(([id, op]) => [
        id,
        { method: op.method, path: op.path, ...('public' in op && op.public ? { public: true } : {}) },
      ]),
    );
    expect(ROUTE_TABLE).toEqual(expected);
  });
});
