/** Why a file was refused. Every code has one Russian message the server can show the seller as is. */
export type XlsxErrorCode =
  | 'not_zip'
  | 'not_xlsx'
  | 'xls'
  | 'truncated'
  | 'zip_bomb'
  | 'dtd'
  | 'too_many_columns'
  | 'too_many_rows'
  | 'too_many_entries'
  | 'cell_too_long'
  | 'too_many_strings'
  | 'part_too_large'
  | 'encoding'
  | 'not_utf8'
  | 'encrypted'
  | 'no_sheet'
  | 'corrupt';

/** Limits of the reader that the messages name (the reader enforces them; read.ts, sheet.ts, zip.ts). */
export const XLSX_LIMITS = {
  /** Excel's own limit of one cell's text. */
  cellChars: 32_767,
  entries: 100_000,
  /** Shared strings: distinct texts, and their characters together. */
  sharedStrings: 5_000_000,
  sharedStringChars: 100_000_000,
  /** A workbook part read whole (workbook, styles, relationships): bytes after unpacking. */
  partBytes: 64 * 1024 * 1024,
} as const;

const groups = (n: number) => n.toLocaleString('ru-RU').replace(/\s/g, ' ');

export const XLSX_ERROR_MESSAGES: Record<XlsxErrorCode, string> = {
  not_zip: 'Файл должен быть в формате MS Excel - XLSX',
  not_xlsx: 'Файл должен быть в формате MS Excel - XLSX',
  xls: 'Файл сохранён в старом формате MS Excel 97–2003 (XLS): сохраните его как «Книга Excel (XLSX)» и загрузите снова',
  truncated: 'Файл повреждён или загружен не полностью',
  corrupt: 'Файл повреждён или загружен не полностью',
  zip_bomb: 'Слишком большой объём данных после распаковки',
  dtd: 'Файл содержит недопустимые XML-конструкции (DOCTYPE/ENTITY)',
  too_many_columns: 'Слишком много столбцов в реестре',
  too_many_rows: 'Слишком много строк в реестре',
  too_many_entries: `Файл состоит из более чем ${groups(XLSX_LIMITS.entries)} частей: это не таблица MS Excel - XLSX`,
  cell_too_long: `В ячейке больше ${groups(XLSX_LIMITS.cellChars)} символов (столько не допускает MS Excel): сократите текст ячейки`,
  too_many_strings: `В файле больше ${groups(XLSX_LIMITS.sharedStrings)} различных текстов или больше ${groups(XLSX_LIMITS.sharedStringChars)} символов текста: разделите файл на несколько частей`,
  part_too_large: `Служебная часть файла (описание книги или стилей) больше ${XLSX_LIMITS.partBytes / 1024 / 1024} МБ: откройте файл в MS Excel, удалите лишнее оформление и сохраните заново`,
  encoding:
    'Текст файла записан в кодировке, которую нельзя прочитать: сохраните файл в MS Excel как «Книга Excel (XLSX)»',
  not_utf8: notUtf8Message('Часть текста файла'),
  encrypted:
    'Файл защищён паролем: снимите пароль в MS Excel (Файл → Сведения → Защитить книгу) и загрузите файл снова',
  no_sheet: 'В файле нет ни одного видимого листа',
};

/**
 * Text in bytes of another encoding (Windows-1251, say) than the UTF-8 its part declares: it cannot be read as
 * written, nor checked for personal data, so the file is refused (decisions/0243).
 */
export function notUtf8Message(what: string): string {
  return `${what} записан${what.startsWith('Часть') ? 'а' : ''} не в кодировке UTF-8, которую объявляет файл (например, в Windows-1251): такой текст нельзя ни прочитать, ни проверить на персональные данные. Выгрузите реестр заново или откройте его в MS Excel и сохраните как «Книга Excel (XLSX)»`;
}

export class XlsxError extends Error {
  readonly code: XlsxErrorCode;
  /** Technical detail for logs (English); never shown to the user. */
  readonly detail: string | undefined;

  /** @param message replaces the code's message when it can say more (e.g. name the limit). */
  constructor(code: XlsxErrorCode, detail?: string, message?: string) {
    super(message ?? XLSX_ERROR_MESSAGES[code]);
    this.name = 'XlsxError';
    this.code = code;
    this.detail = detail;
  }
}
