/**
 * The registry file as the seller uploaded it, kept for the winner of a lot (decisions/0264): a stored upload's file
 * is copied among the kept files (DATA_DIR/registry_uploads, never served as it is) with the sheet and header row
 * the rows were read from and the columns found to hold personal data. A new upload, a registry waiting for the
 * seller or the procedure's deletion removes it. The deal's registry download cuts the lot's rows from it.
 */
import type { AppContext } from '../../../appContext.ts';
import type { IngestOutcome } from '../ingest/ingest.ts';
import { copyRegistryFile, dropRegistryFile } from './keptFiles.ts';
import { findRegistryOriginal, replaceRegistryOriginal } from './originalFile.queries.ts';

async function dropRegistryOriginal(ctx: AppContext, briefcaseId: number): Promise<void> {
  if (!(await findRegistryOriginal(ctx.db, briefcaseId))) return;
  const previous = await replaceRegistryOriginal(ctx.db, briefcaseId, null);
  await dropRegistryFile(ctx, previous?.key ?? null);
}

async function keepRegistryOriginal(
  ctx: AppContext,
  briefcaseId: number,
  filePath: string,
  layout: { sheet: number; headerRow: number; personalDataColumns: number[] },
): Promise<void> {
  const key = await copyRegistryFile(ctx, filePath);
  const previous = await replaceRegistryOriginal(ctx.db, briefcaseId, {
    key,
    sheet: layout.sheet,
    headerRow: layout.headerRow,
    personalDataColumns: [...new Set(layout.personalDataColumns)].sort((a, b) => a - b),
  });
  await dropRegistryFile(ctx, previous?.key ?? null);
}

/**
 * After an upload that was not refused: a stored registry keeps its file as uploaded (a copy; the kept file of a
 * matching or a personal-data decision then goes unless the matching keeps it), one waiting for the seller drops
 * the old original with the old rows.
 */
export async function keepOriginalAfterUpload(
  ctx: AppContext,
  briefcaseId: number | null,
  input: { filePath: string; keptKey?: string | null; keepMatchingFile?: boolean; dropColumns?: number[] },
  outcome: IngestOutcome,
): Promise<void> {
  if (briefcaseId !== null && outcome.kind !== 'stored') await dropRegistryOriginal(ctx, briefcaseId);
  if (briefcaseId === null || outcome.kind !== 'stored') return;
  try {
    await keepRegistryOriginal(ctx, briefcaseId, input.filePath, {
      ...outcome.source,
      personalDataColumns: [...(input.dropColumns ?? []), ...outcome.findings.map((f) => f.columnIndex)],
    });
  } catch {
    // The registry is stored; without its file the winner gets the stored rows in the template's columns.
  }
  if (input.keptKey && !input.keepMatchingFile) await dropRegistryFile(ctx, input.keptKey);
}

/** The procedure's kept files: an upload awaiting the seller and the original registry. */
export async function dropKeptFiles(ctx: AppContext, briefcase: { id: number; registryKey: string | null }) {
  await dropRegistryFile(ctx, briefcase.registryKey);
  await dropRegistryOriginal(ctx, briefcase.id);
}
