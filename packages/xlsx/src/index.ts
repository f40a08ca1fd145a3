/** @etp/xlsx: a streaming reader of the first worksheet of an xlsx file, on node built-ins only. */

export { XLSX_ERROR_MESSAGES, XlsxError } from './errors.ts';

export { type ReadOptions, readFirstSheet, type SheetsInfo } from './read.ts';
export type { Cell } from './sheet.ts';
export { columnLetters } from './sheetBytes.ts';
export { SheetsWriter } from './sheets.ts';

export { writeSheet } from './write.ts';
export { setChunkPacer } from './zip.ts';
