/** Test helpers: bytes to a temporary file, and every row of a file read (copied) into memory. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReadOptions, type ReadResult, readFirstSheet } from './read.ts';
import type { Cell } from './sheet.ts';

let dir: string | null = null;
let fileNo = 0;

export function fileOf(bytes: Buffer): string {
  if (!dir) {
    const created = mkdtempSync(join(tmpdir(), 'xlsx-test-'));
    dir = created;
    process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  }
  const path = join(dir, `f${++fileNo}.xlsx`);
  writeFileSync(path, bytes);
  return path;
}

export interface ReadAll {
  rows: [number, Cell[]][];
  result: ReadResult;
}

export async function readAll(path: string, options?: ReadOptions): Promise<ReadAll> {
  const rows: [number, Cell[]][] = [];
  const result = await readFirstSheet(path, (cells, n) => rows.push([n, [...cells]]), options);
  return { rows, result };
}
