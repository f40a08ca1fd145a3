/**
 * The dead-code check (docs/decisions/0259): knip, run by `npm run lint` with the root knip.config.ts, passes on the
 * repository today, and fails (exit 1, naming the export) on a planted export that nothing imports.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const KNIP = join(ROOT, 'node_modules/knip/bin/knip.js');

const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** Runs knip on `directory` as `npm run lint` does. */
function knip(directory: string) {
  return spawnSync(process.execPath, [KNIP, '--no-progress', '--directory', directory], { encoding: 'utf8' });
}

/** A one-package workspace whose entry imports `used` from lib.ts; lib.ts holds `lib`. */
function workspace(lib: string): string {
  const tree = mkdtempSync(join(tmpdir(), 'dead-code-'));
  trees.push(tree);
  mkdirSync(join(tree, 'src'));
  writeFileSync(
    join(tree, 'package.json'),
    JSON.stringify({ name: 'fixture', private: true, type: 'module' }),
  );
  writeFileSync(
    join(tree, 'knip.json'),
    JSON.stringify({ entry: ['src/main.ts'], project: ['src/**/*.ts'] }),
  );
  writeFileSync(join(tree, 'src/main.ts'), "import { used } from './lib.ts';\n\nconsole.log(used);\n");
  writeFileSync(join(tree, 'src/lib.ts'), lib);
  return tree;
}

describe('the dead-code check (knip)', () => {
  it('fails on an export nothing imports, naming it, and passes once it is gone', () => {
    const planted = knip(workspace('export const used = 1;\nexport const planted = 2;\n'));
    expect(planted.status).toBe(1);
    expect(planted.stdout).toMatch(/Unused exports \(1\)\s+planted\s+src\/lib\.ts:2/);

    const clean = knip(workspace('export const used = 1;\n'));
    expect(clean.stdout + clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });

  it('finds no unused file, export, type or dependency in the repository', { timeout: 180_000 }, () => {
    const run = knip(ROOT);
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
