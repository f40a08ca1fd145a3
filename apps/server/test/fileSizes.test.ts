/**
 * No source file over 400 lines (docs/decisions/0257): scripts/checkFileSizes.mjs, run by `npm run lint`, passes on
 * the repository today, and fails on a planted file one line over the limit, or on an allowed file that grew.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFileSizes, lineCount, MAX_LINES } from '../../../scripts/checkFileSizes.mjs';

const SCRIPT = join(import.meta.dirname, '../../../scripts/checkFileSizes.mjs');

const trees: string[] = [];
afterAll(() => {
  for (const tree of trees) rmSync(tree, { recursive: true, force: true });
});

/** A new empty tree to plant files in. */
function freshTree(): string {
  const tree = mkdtempSync(join(tmpdir(), 'file-sizes-'));
  trees.push(tree);
  return tree;
}

/** A file of `lines` lines (each ending in a line break) at `path` under `tree`. */
function plant(tree: string, path: string, lines: number): void {
  const file = join(tree, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, Array.from({ length: lines }, (_, i) => `export const line${i} = ${i};\n`).join(''));
}

describe('scripts/checkFileSizes.mjs', () => {
  it('finds no source file of the repository over its limit', () => {
    expect(checkFileSizes()).toEqual([]);
  });

  it('counts lines as wc -l does, the last one counted without a final line break', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('fails on a file of 401 lines, exits 1 naming it with its count, and exits 0 once it is back at 400', () => {
    const tree = freshTree();
    plant(tree, 'apps/app/src/ok.ts', MAX_LINES);
    plant(tree, 'apps/app/src/feature/long.ts', MAX_LINES + 1);
    expect(checkFileSizes(tree, { allowed: {} })).toEqual([
      { path: 'apps/app/src/feature/long.ts', lines: 401, limit: 400 },
    ]);
    const run = spawnSync(process.execPath, [SCRIPT, tree], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('apps/app/src/feature/long.ts: 401 lines');

    plant(tree, 'apps/app/src/feature/long.ts', MAX_LINES);
    const clean = spawnSync(process.execPath, [SCRIPT, tree], { encoding: 'utf8' });
    expect(clean.stderr).toBe('');
    expect(clean.status).toBe(0);
  });

  it('counts apps, packages and scripts but not tests, declarations, generated files or other folders', () => {
    const skipped = [
      'apps/app/src/long.test.ts',
      'apps/app/src/Long.test.tsx',
      'apps/app/src/long.spec.ts',
      'apps/app/src/test/helpers.ts',
      'apps/app/src/e2e/journey.ts',
      'apps/app/src/types.d.ts',
      'apps/app/src/api.gen.ts',
      'apps/app/test/support.ts',
      'apps/app/drizzle/0001_init.ts',
      'e2e/tests/journey.ts',
      'bench/big.bench.ts',
    ];
    const tree = freshTree();
    for (const path of skipped) plant(tree, path, MAX_LINES + 1);
    writeFileSync(join(tree, 'apps/app/src/marked.ts'), `// @generated\n${'x;\n'.repeat(MAX_LINES + 5)}`);
    plant(tree, 'apps/app/src/long.ts', MAX_LINES + 1);
    plant(tree, 'packages/lib/src/long.tsx', MAX_LINES + 1);
    plant(tree, 'scripts/long.mjs', MAX_LINES + 1);
    expect(checkFileSizes(tree, { allowed: {} }).map((f) => f.path)).toEqual([
      'apps/app/src/long.ts',
      'packages/lib/src/long.tsx',
      'scripts/long.mjs',
    ]);
  });

  it('lets an allowed file stay at its ceiling or shrink, and fails it when it grows past', () => {
    const tree = freshTree();
    plant(tree, 'apps/app/src/feature/long.ts', MAX_LINES + 1);
    plant(tree, 'packages/lib/src/long.tsx', MAX_LINES + 1);
    plant(tree, 'scripts/long.mjs', MAX_LINES + 1);
    const allowed = {
      'apps/app/src/feature/long.ts': 401,
      'packages/lib/src/long.tsx': 450,
      'scripts/long.mjs': 400,
    };
    expect(checkFileSizes(tree, { allowed })).toEqual([{ path: 'scripts/long.mjs', lines: 401, limit: 400 }]);
    plant(tree, 'apps/app/src/feature/long.ts', MAX_LINES + 2);
    expect(checkFileSizes(tree, { allowed }).map((f) => f.path)).toEqual([
      'apps/app/src/feature/long.ts',
      'scripts/long.mjs',
    ]);
  });
});
