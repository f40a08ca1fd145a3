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
  | 'encrypted'
  | 'no_sheet'
  | 'corrupt';

export const XLSX_ERROR_MESSAGES: Record<XlsxErrorCode, string> = {
  not_zip: 'Файл должен быть в формате MS Excel - XLSX',
  not_xlsx: 'Файл должен быть в формате MS Excel - XLSX',
  xls: 'Файл должен быть в формате MS Excel - XLSX',
  truncated: 'Файл повреждён или загружен не полностью',
  corrupt: 'Файл повреждён или загружен не полностью',
  zip_bomb: 'Слишком большой объём данных после распаковки',
  dtd: 'Файл содержит недопустимые XML-конструкции (DOCTYPE/ENTITY)',
  too_many_columns: 'Слишком много столбцов в реестре',
  too_many_rows: 'Слишком много строк в реестре',
  encrypted: 'Файл защищён паролем',
  no_sheet: 'В файле нет ни одного листа',
};

export class XlsxError extends Error {
  readonly code: XlsxErrorCode;
  /** Technical detail for logs (English); never shown to the user. */
  readonly detail: string | undefined;

  constructor(code: XlsxErrorCode, detail?: string) {
    super(XLSX_ERROR_MESSAGES[code]);
    this.name = 'XlsxError';
    this.code = code;
    this.detail = detail;
  }
}
