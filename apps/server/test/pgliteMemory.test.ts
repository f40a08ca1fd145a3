/**
 * The embedded database's buffer pool (decisions/0281): a server on PGlite opens its files holding a 16 MB pool, not
 * PostgreSQL's 128MB, which WASM touches whole at the start and which the system's file cache duplicates.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';

const CHILD = join(import.meta.dirname, 'support/pgliteOpen.child.ts');
const dataDir = mkdtempSync(join(tmpdir(), 'etp-pglite-memory-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('opens a migrated database from its files with a 16 MB pool, the process growing by less than 190 MB', async () => {
  // Made and migrated here, opened in a process of its own: its memory is the opening's alone.
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await database.migrate();
  await database.close();
  const output = execFileSync(process.execPath, ['--import', 'tsx', CHILD, dataDir], { encoding: 'utf8' });
  const { before, opened, sharedBuffers } = JSON.parse(output.trim().split('\n').at(-1)!) as {
    before: number;
    opened: number;
    sharedBuffers: string;
  };
  expect(sharedBuffers).toBe('16MB');
  // PostgreSQL's default pool alone is 128 MB touched at the start: about 240 MB in all (105-115 MB with 16 MB).
  expect(opened - before).toBeLessThan(190);
});
