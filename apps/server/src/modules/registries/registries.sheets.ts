/**
 * Spreadsheets the registry calls hand out: the platform template "ЭТП РД" (header row + a second sheet that
 * explains every column) and the de-personalised lotted portfolio, written with ExcelJS's streaming writer so a
 * large portfolio is not held as a workbook object tree. The check report is registries.report.ts.
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
