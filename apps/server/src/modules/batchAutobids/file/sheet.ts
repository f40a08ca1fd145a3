/**
 * The batch-autobid spreadsheet: the template (the procedure's lots, the maximum left blank) and the reading of an
 * uploaded file, which checks the content, not the name, in a file worker with the streaming reader's limits.
 */

import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BATCH_AUTOBID_COLUMNS } from '@etp/contracts';
import ExcelJS from 'exceljs';
import { FileJobRefusal, filePool } from '../../../files/filePool.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { BATCH_TEXTS as T } from '../batchAutobids.messages.ts';
import type { SheetRow } from './read.ts';

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

export type { SheetRow } from './read.ts';

/**
 * The data rows of the first visible sheet, found by the template's headers (columns may be moved), read in a
 * file worker (read.ts); the file's bytes go to a temporary file for it, removed afterwards.
 */
export async function readBatchSheet(bytes: Buffer): Promise<SheetRow[]> {
  if (bytes.length === 0) throw validationFailed({ file: [T.emptyFile] }, T.emptyFile);
  const path = join(tmpdir(), `etp-batch-${process.pid}-${randomBytes(8).toString('hex')}.xlsx`);
  let result: { rows: SheetRow[] } | { refused: string };
  try {
    await writeFile(path, bytes);
    result = await filePool().run({ kind: 'batchSheet', filePath: path });
  } catch (error) {
    if (error instanceof FileJobRefusal) {
      throw new AppError(error.reason === 'busy' ? 503 : 422, 'validation_failed', error.message, {
        file: [error.message],
      });
    }
    throw error;
  } finally {
    await rm(path, { force: true });
  }
  if ('refused' in result) throw validationFailed({ file: [result.refused] }, result.refused);
  return result.rows;
}
