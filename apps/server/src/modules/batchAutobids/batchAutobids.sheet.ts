/**
 * The batch-autobid spreadsheet: the template (the procedure's lots, the maximum left blank) and the reader of an
 * uploaded file. The reader checks the content, not the name: a zip archive holding xl/workbook.xml that ExcelJS
 * can open, inflated under a cap first (http/zipGuard.ts).
 */
import { BATCH_AUTOBID_COLUMNS } from '@etp/contracts';
import ExcelJS from 'exceljs';
import { AppError, validationFailed } from '../../http/errors.ts';
import { inspectZip } from '../../http/zipGuard.ts';
import { BATCH_TEXTS as T } from './batchAutobids.messages.ts';

/** A batch for thousands of lots inflates to a few megabytes; anything far beyond is not a batch file. */
const ZIP_LIMITS = { maxEntries: 200, maxTotalBytes: 64 * 1024 * 1024 };

export interface TemplateLot {
  id: number;
  number: number;
  aliasNumber: string | null;
}

export async function buildTemplate(lots: readonly TemplateLot[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Автоставки');
  sheet.columns = BATCH_AUTOBID_COLUMNS.map((header, i) => ({
    header,
    key: String(i),
    width: i === 2 ? 26 : 16,
    style: i === 2 ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const lot of lots) sheet.addRow([lot.aliasNumber ?? lot.number, lot.id, null]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A cell as the user sees it: a number, a trimmed text, or null when empty. */
export type CellValue = number | string | null;

export interface SheetRow {
  /** The row's number in the sheet, as Excel shows it. */
  row: number;
  lotId: CellValue;
  maxPrice: CellValue;
}

function plain(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'object' && 'result' in value) return plain(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'richText' in value) {
    return (
      value.richText
        .map((r) => r.text)
        .join('')
        .trim() || null
    );
  }
  return String(value).trim() || null;
}

const notXlsx = () => validationFailed({ file: [T.notXlsx] }, T.notXlsx);

/** The data rows of the first sheet, found by the template's headers (columns may be moved). */
export async function readBatchSheet(bytes: Buffer): Promise<SheetRow[]> {
  const zip = inspectZip(bytes, ZIP_LIMITS);
  if (!zip.ok && zip.reason === 'too_large') {
    throw new AppError(413, 'too_large', T.tooBig, { file: [T.tooBig] });
  }
  if (!zip.ok || !zip.names.includes('xl/workbook.xml')) throw notXlsx();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw notXlsx();
  const headers = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const text = plain(cell.value);
    if (typeof text === 'string') headers.set(text.toLowerCase(), col);
  });
  const idCol = headers.get(BATCH_AUTOBID_COLUMNS[1].toLowerCase());
  const priceCol = headers.get(BATCH_AUTOBID_COLUMNS[2].toLowerCase());
  if (!idCol || !priceCol) throw validationFailed({ file: [T.noColumns] }, T.noColumns);
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const lotId = plain(row.getCell(idCol).value);
    const maxPrice = plain(row.getCell(priceCol).value);
    if (lotId !== null || maxPrice !== null) rows.push({ row: number, lotId, maxPrice });
  });
  return rows;
}
