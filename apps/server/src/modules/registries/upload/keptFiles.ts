/**
 * Registry files kept between calls: an upload awaiting its column matching or the seller's personal-data
 * decision (it may hold personal data, so it stays on the node's disk under DATA_DIR/registry_uploads, is never
 * served, and is removed as soon as the registry is ingested, replaced or deleted; docs/decisions/0046).
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../../appContext.ts';

const DIR = 'registry_uploads';

function pathOf(ctx: Pick<AppContext, 'config'>, key: string): string {
  if (!/^registry_uploads\/[0-9a-f-]{36}\.xlsx$/.test(key)) throw new Error(`bad registry key: ${key}`);
  return join(ctx.config.dataDir, key);
}

/** Moves a received temporary file into the kept files; returns its key. */
export async function keepRegistryFile(ctx: Pick<AppContext, 'config'>, tempPath: string): Promise<string> {
  const key = `${DIR}/${randomUUID()}.xlsx`;
  const target = pathOf(ctx, key);
  await mkdir(join(ctx.config.dataDir, DIR), { recursive: true });
  try {
    await rename(tempPath, target);
  } catch {
    // The temporary directory may be on another device.
    await copyFile(tempPath, target);
    await rm(tempPath, { force: true });
  }
  return key;
}

/** A copy of a file among the kept files (the original registry kept for the deal's winner, decisions/0264). */
export async function copyRegistryFile(ctx: Pick<AppContext, 'config'>, path: string): Promise<string> {
  const key = `${DIR}/${randomUUID()}.xlsx`;
  await mkdir(join(ctx.config.dataDir, DIR), { recursive: true });
  await copyFile(path, pathOf(ctx, key));
  return key;
}

export function keptRegistryPath(ctx: Pick<AppContext, 'config'>, key: string): string {
  return pathOf(ctx, key);
}

export async function dropRegistryFile(ctx: Pick<AppContext, 'config'>, key: string | null): Promise<void> {
  if (key) await rm(pathOf(ctx, key), { force: true });
}
