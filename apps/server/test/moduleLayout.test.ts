/**
 * Seven roles at a module's root, the rest in subfolders (docs/decisions/0260): scripts/checkModuleLayout.mjs, run by
 * `npm run lint`, passes on the server's modules today and names a planted one-off file at a module's root.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkModuleLayout } from '../../../scripts/checkModuleLayout.mjs';

const SCRIPT = join(import.meta.dirname, '../../../scripts/checkModuleLayout.mjs');

const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** A modules folder holding the given files (paths under it), each a one-line module. */
function modulesTree(files: string[]): string {
  const tree = mkdtempSync(join(tmpdir(), 'module-layout-'));
  trees.push(tree);
  for (const path of files) {
    mkdirSync(join(tree, path, '..'), { recursive: true });
    writeFileSync(join(tree, path), 'export const x = 1;\n');
  }
  return tree;
}

const run = (dir: string) => spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });

describe('scripts/checkModuleLayout.mjs', () => {
  it('finds every root file of the server modules named <name>.<role>.ts', () => {
    expect(checkModuleLayout()).toEqual([]);
  });

  it('fails on a one-off name at a module root and passes once it sits in a subfolder', () => {
    const roles = [
      'deals/deals.routes.ts',
      'deals/deals.service.ts',
      'auth/signIn.routes.ts',
      'deals/deals.policy.test.ts',
    ];
    const planted = run(
      modulesTree([...roles, 'deals/deals.handover.ts', 'registries/registries.sheets.ts']),
    );
    expect(planted.status).toBe(1);
    expect(planted.stderr).toContain('apps/server/src/modules/deals/deals.handover.ts');
    expect(planted.stderr).toContain('apps/server/src/modules/registries/registries.sheets.ts');
    expect(planted.stderr).not.toContain('deals.routes.ts');

    const moved = run(
      modulesTree([...roles, 'deals/lifecycle/handover.ts', 'registries/downloads/workbooks.ts']),
    );
    expect(moved.status).toBe(0);
    expect(moved.stderr).toBe('');
  });

  it('refuses a role it does not know and a name with two parts before the role', () => {
    const tree = modulesTree(['lots/lots.helpers.ts', 'briefcases/briefcases.cardFacts.queries.ts']);
    expect(checkModuleLayout(tree)).toEqual([
      'briefcases/briefcases.cardFacts.queries.ts',
      'lots/lots.helpers.ts',
    ]);
  });
});
