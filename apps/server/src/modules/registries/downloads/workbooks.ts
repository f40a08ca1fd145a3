/**
 * Spreadsheets the registry calls hand out: the platform template "ЭТП РД" (header row + a second sheet that
 * explains every column) and the de-personalised lotted portfolio, written with ExcelJS's streaming writer so a
 * large portfolio is not held as a workbook object tree. The check report is ingest/checkReport.ts.
 */
import type { Writable } from 'node:stream';
import { REGISTRY_ATTRIBUTES, TEMPLATE_HEADERS } from '@etp/domain';
import ExcelJS from 'exceljs';

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

/** A column of the portfolio download: money as a ruble number format, dates as date cells. */
export interface PortfolioColumn {
  header: string;
  format?: 'money' | 'date';
}

/** "1 234 567,89 ₽" in a Russian Excel (a format code's separators are the locale's); decisions/0244. */
const RUBLES = '#,##0.00 "₽"';
const RUSSIAN_DATE = 'DD.MM.YYYY';

/** A stored date ('2024-03-05') as a date cell (ExcelJS writes a Date by its UTC fields). */
export function dateCell(iso: string | null): Date | null {
  return iso ? new Date(`${iso.slice(0, 10)}T00:00:00Z`) : null;
}

/** The de-personalised lotted portfolio: the lot's name, then the stored columns of every debt. */
export async function writePortfolio(
  stream: Writable,
  columns: readonly PortfolioColumn[],
  rows: AsyncIterable<(string | number | Date | null)[]>,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Портфель', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    header: c.header,
    width:
      c.format === 'date' ? 14 : c.format === 'money' ? 18 : Math.max(10, Math.min(30, c.header.length + 2)),
    ...(c.format ? { style: { numFmt: c.format === 'money' ? RUBLES : RUSSIAN_DATE } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}
