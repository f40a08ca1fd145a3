/** Russian texts of batch autobids (spec 2 §5 for the file format, ours otherwise). */
import { countWithNoun, LOTS } from '@etp/domain';

export const BATCH_TEXTS = {
  notXlsx: 'Файл должен быть в формате MS Excel - XLSX',
  tooLarge: 'Размер файла не должен превышать 100 МБ',
  fileRequired: 'Выберите файл',
  emptyFile: 'Файл пустой: в нём нет ни одного байта. Скачайте шаблон, заполните его и загрузите снова',
  tooBig: 'Файл слишком большой после распаковки',
  noColumns: 'В файле нет столбцов «ID лота» и «Максимальная цена, ₽»: скачайте шаблон',
  hasErrors: 'Файл содержит ошибки, автоставки не сохранены',
  empty: 'В файле не указано ни одной максимальной цены',
  beforeStartOnly: 'Пакетные автоставки можно загрузить или удалить только до начала торгов',
  alreadyUploaded:
    'Файл автоставок для этой торговой процедуры уже загружался: повторная загрузка невозможна',
  destroyed: 'Автоставки удалены',
  uploaded: (n: number) => `Автоставки установлены на ${countWithNoun(n, LOTS)}`,
  row: (row: number, message: string) => `Строка ${row}: ${message}`,
  cell: (cell: string, message: string) => `Ячейка ${cell}: ${message}`,
  tooManyRows: (limit: number) =>
    `В файле больше ${limit.toLocaleString('ru-RU')} строк с автоставками: в одном файле не может быть больше строк, чем лотов в процедуре`,
  tooManyColumns: (limit: number) => `В файле больше ${limit} столбцов: скачайте шаблон и заполните его`,
  noLotId: 'не указан ID лота',
  unknownLot: (id: string) => `лот с ID ${id} не найден в этой торговой процедуре`,
  duplicateLot: (id: number, row: number) => `лот с ID ${id} уже указан в строке ${row}`,
  badPrice: 'максимальная цена должна быть числом в рублях, не более двух знаков после запятой',
  moreErrors: (n: number) => `И ещё ошибок: ${n}`,
} as const;
