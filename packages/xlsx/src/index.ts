/** @etp/xlsx: a streaming reader of the first worksheet of an xlsx file, on node built-ins only. */
export { serialToIso } from './dates.ts';
export { XLSX_ERROR_MESSAGES, XLSX_LIMITS, XlsxError, type XlsxErrorCode } from './errors.ts';
export { isDateFormatCode } from './parts.ts';
export { type ReadOptions, type ReadResult, readFirstSheet, type SheetsInfo } from './read.ts';
export type { Cell } from './sheet.ts';
export { columnLetters, MAX_EXCEL_COLUMNS, MAX_EXCEL_ROWS } from './sheetBytes.ts';
export { SheetsWriter, type SheetsWriterOptions, type SheetsWriterResult } from './sheets.ts';
export { cleanText } from './text.ts';
export { type WriteOptions, type WriteResult, writeSheet } from './write.ts';
export { type ChunkPacer, setChunkPacer } from './zip.ts';
