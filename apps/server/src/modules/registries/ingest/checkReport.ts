/**
 * The check report of one upload (docs/decisions/0052, 0090): every error the validator finds is written, as it is
 * found, into an xlsx in the system's temporary directory by the file worker (the reply keeps only the first ones).
 * A refused upload stores the file in `Storage` under `registry_reports/<id>.xlsx`; any other outcome removes it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../../appContext.ts';
import { storageOf } from '../../../storage/storageOf.ts';
import { deleteReport, deleteReportsOf, insertReport } from './checkReport.queries.ts';

/**
 * One upload's check report: the file a file worker writes at `path` (read.ts) while it reads the
 * registry, stored when the upload is refused for its rows, removed otherwise.
 */
export class CheckReport {
  /** The errors in the file, as the worker counted them. */
  count = 0;
  readonly path = join(tmpdir(), `etp-registry-${process.pid}-report-${randomBytes(8).toString('hex')}.xlsx`);

  /** @param maxRowsPerSheet rows per sheet before the next one (tests use small ones). */
  constructor(readonly maxRowsPerSheet?: number) {}

  /** Moves the finished file into the store and records it: the report id for the reply. */
  async store(
    ctx: AppContext,
    owner: { briefcaseId: number | null; companyId: number | null; userId: number },
  ): Promise<string> {
    const id = randomUUID();
    const storageKey = `registry_reports/${id}.xlsx`;
    try {
      await stat(this.path);
      await storageOf(ctx).putFile(storageKey, this.path);
      await insertReport(ctx.db, { id, ...owner, storageKey, errorsCount: this.count });
    } catch (error) {
      await storageOf(ctx).delete(storageKey);
      await rm(this.path, { force: true });
      throw error;
    }
    return id;
  }

  /** Removes the file; nothing is left of a report that is not stored. Idempotent. */
  async discard(): Promise<void> {
    await rm(this.path, { force: true });
  }
}

/** Deletes a stored check report (its row and its file); nothing when `id` is null or already gone. */
export async function dropReport(ctx: AppContext, id: string | null): Promise<void> {
  if (id === null) return;
  const row = await deleteReport(ctx.db, id);
  if (row) await storageOf(ctx).delete(row.storageKey);
}

/** Deletes the procedure's check reports (rows and files), all or all but `except`. */
export async function dropReportsOf(
  ctx: AppContext,
  briefcaseId: number,
  except: string | null = null,
): Promise<void> {
  const reports = await deleteReportsOf(ctx.db, briefcaseId, except);
  for (const report of reports) await storageOf(ctx).delete(report.storageKey);
}
