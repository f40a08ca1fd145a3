/**
 * Spreadsheets the registry calls hand out: the platform template "ЭТП РД" (header row + a second sheet that
 * explains every column), the check report (row, column, header, value, Russian message), and the
 * de-personalised lotted portfolio. Written with ExcelJS's streaming writer so a large portfolio is not held
 * as a workbook object tree.
 */
import { PassThrough, type Writable } from 'node:stream';
import { REGISTRY_ATTRIBUTES, type RegistryError, TEMPLATE_HEADERS } from '@etp/domain';
import ExcelJS from 'exceljs';

/** The check report lists at most this many errors; the reply and the report say how many there were. */
export const REPORT_MAX_ROWS = 100_000;

async function collect(write: (stream: Writable) => Promise<void>): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  await write(stream);
  await done;
  return Buffer.concat(chunks);
}

let templateCache: Promise<Buffer> | null = null;

/** The template, built once per process from the attributes dictionary. */
export function registryTemplate(): Promise<Buffer> {
  templateCache ??= (async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'ЭТП РД';
    const sheet = workbook.addWorksheet('Реестр');
    sheet.columns = TEMPLATE_HEADERS.map((header) => ({ header, width: Math.max(12, header.length + 2) }));
    sheet.getRow(1).font = { bold: true };
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
    const help = workbook.addWorksheet('Описание столбцов');
    help.columns = [
      { header: 'Столбец', width: 36 },
      { header: 'Обязательный', width: 14 },
      { header: 'Аналитика', width: 12 },
      { header: 'Что указать', width: 90 },
    ];
    help.getRow(1).font = { bold: true };
    for (const attribute of REGISTRY_ATTRIBUTES) {
      help.addRow([
        attribute.text,
        attribute.required ? 'да' : 'нет',
        attribute.analytics ? 'да' : 'нет',
        attribute.hint,
      ]);
    }
    return Buffer.from(await workbook.xlsx.writeBuffer());
  })();
  return templateCache;
}

export interface ReportSummary {
  errorCount: number;
}

/** The check report of a refused upload: every error (up to REPORT_MAX_ROWS), one per line. */
export function checkReport(errors: readonly RegistryError[], summary: ReportSummary): Promise<Buffer> {
  return collect(async (stream) => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const sheet = workbook.addWorksheet('Ошибки');
    sheet.columns = [
      { header: 'Строка', width: 10 },
      { header: 'Столбец', width: 10 },
      { header: 'Заголовок', width: 30 },
      { header: 'Значение', width: 30 },
      { header: 'Ошибка', width: 70 },
    ];
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let written = 0;
    for (const error of errors) {
      if (written >= REPORT_MAX_ROWS) break;
      sheet.addRow([error.row, error.column, error.header, error.value, error.message]).commit();
      written += 1;
    }
    if (summary.errorCount > written) {
      sheet
        .addRow(['', '', '', '', `Всего ошибок: ${summary.errorCount}; показаны первые ${written}`])
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  });
}

export interface PortfolioSheetRow {
  lot: string;
  cells: (string | number | null)[];
}

/** The de-personalised lotted portfolio: the lot's name, then the stored columns of every debt. */
export async function writePortfolio(
  stream: Writable,
  headers: readonly string[],
  rows: AsyncIterable<(string | number | null)[]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Портфель');
  sheet.addRow([...headers]).commit();
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}
