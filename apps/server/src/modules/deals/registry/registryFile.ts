/**
 * The lot's registry for the deal's buyer, written in a file worker (decisions/0264): either the lot's rows cut
 * from the registry file the seller uploaded (every column as uploaded, the personal-data ones dropped unless the
 * seller declared them), or the platform's stored rows in the template's columns, which the main thread hands
 * over page by page.
 */
import { type Cell, readFirstSheet, SheetsWriter } from '@etp/xlsx';
import type { JobContext } from '../../../files/fileWorker.ts';

export interface DealRegistryJob {
  outPath: string;
  sheetName: string;
  source:
    | {
        kind: 'file';
        path: string;
        /** The sheet and the header row the registry was read from at upload. */
        sheet: number;
        headerRow: number;
        /** Columns (0-based) left out: the personal data the seller did not declare. */
        dropColumns: number[];
        /** The sheet's row numbers of the lot's debts, ascending; null: every row (the whole portfolio). */
        rows: Int32Array | null;
      }
    | { kind: 'rows'; headers: string[] };
}

export interface DealRegistryResult {
  rows: number;
}

/** A page of stored rows as cells, asked of the main thread (`call('rows', { page })`); empty at the end. */
interface DealRegistryPage {
  rows: Cell[][];
}

const withoutColumns = (cells: readonly Cell[], drop: ReadonlySet<number>) =>
  drop.size === 0 ? cells : cells.filter((_, i) => !drop.has(i));

async function cutFile(
  job: DealRegistryJob,
  source: Extract<DealRegistryJob['source'], { kind: 'file' }>,
): Promise<number> {
  const drop = new Set(source.dropColumns);
  // The header row comes first and opens the writer; the lot's rows follow in the sheet's order.
  let writer: SheetsWriter | null = null;
  let next = 0;
  const wanted = (rowNumber: number) => {
    if (source.rows === null) return true;
    while (next < source.rows.length && source.rows[next]! < rowNumber) next += 1;
    return source.rows[next] === rowNumber;
  };
  try {
    await readFirstSheet(
      source.path,
      (cells, rowNumber) => {
        if (rowNumber === source.headerRow) {
          const headers = withoutColumns(cells, drop).map((c) => (c === null ? '' : String(c)));
          writer = new SheetsWriter(job.outPath, headers, { sheetName: job.sheetName });
        } else if (writer && rowNumber > source.headerRow && wanted(rowNumber)) {
          writer.add(withoutColumns(cells, drop));
        }
      },
      { sheet: source.sheet, backpressure: () => (writer as SheetsWriter | null)?.congested() },
    );
    writer ??= new SheetsWriter(job.outPath, [], { sheetName: job.sheetName });
    return (await (writer as SheetsWriter).finish()).rows;
  } catch (error) {
    await (writer as SheetsWriter | null)?.abort();
    throw error;
  }
}

async function writeRows(job: DealRegistryJob, headers: string[], context: JobContext): Promise<number> {
  const writer = new SheetsWriter(job.outPath, headers, { sheetName: job.sheetName });
  try {
    for (let page = 0; ; page++) {
      const { rows } = await context.call<DealRegistryPage>('rows', { page });
      if (rows.length === 0) break;
      for (const row of rows) writer.add(row);
      await writer.congested();
    }
    return (await writer.finish()).rows;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

export async function writeDealRegistry(
  job: DealRegistryJob,
  context: JobContext,
): Promise<DealRegistryResult> {
  const rows =
    job.source.kind === 'file'
      ? await cutFile(job, job.source)
      : await writeRows(job, job.source.headers, context);
  return { rows };
}
