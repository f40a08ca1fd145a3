/** Russian texts of registry upload, matching, lotting and the personal-data flow (spec 1 §4, §5, §8). */
import { NOT_A_SELLER_TEXT } from '@etp/domain';

export const REGISTRY_MESSAGES = {
  wrongFormat: 'Файл должен быть в формате MS Excel - XLSX',
  tooLarge: (mb: number) => `Максимальный размер файла ${mb} МБ`,
  headersMismatch: 'В файле не совпадают заголовки',
  uploaded: 'Файл загружен',
  personalData: 'Подозрение на наличие персональных данных',
  processingFailed: 'Ошибка обработки файла',
  manyErrors: 'Найдено большое количество ошибок, пожалуйста, ознакомьтесь с файлом проверки реестра',
  supportHint: 'Обратитесь за помощью в техническую поддержку',
  fileRequired: 'Выберите файл реестра',
  emptyFile: (name: string | null) =>
    `Файл${name ? ` «${name.slice(0, 100)}»` : ''} пустой (0 байт): выберите файл реестра с данными`,
  noRows: 'В файле нет ни одной строки с данными',
  noHeaders: 'В файле нет строки заголовков',
  emailEmpty: 'не может быть пустым',
  emailInvalid: 'имеет неверный формат',
  contactEmpty: 'не может быть пустым',
  priceTooLow: (amount: string) => `Не может быть меньше ${amount}`,
  notEditable: 'Реестр можно менять только у процедуры в статусе «Создана» или «На согласовании»',
  // A next or second round sells the debts of the round before (decisions/0241).
  roundCarriesRegistry: (from: number) =>
    `Реестр и лоты этого раунда перенесены из ТП №${from}: заменить реестр или перелотировать их нельзя`,
  companyForbidden: 'Нельзя создать процедуру от имени чужой компании',
  notASeller: NOT_A_SELLER_TEXT,
  companyRequired: 'Должно быть заполнено',
  notFound: 'Торговая процедура не найдена',
  reportNotFound: 'Файл проверки реестра не найден',
  noRegistry: 'Реестр ещё не загружен',
  noPendingFile: 'Нет загруженного файла, ожидающего сопоставления столбцов',
  requiredUnmatched: (names: string) => `Не сопоставлены обязательные столбцы: ${names}`,
  unknownAttribute: 'Неизвестный атрибут реестра',
  duplicateAttribute: 'Атрибут выбран для нескольких столбцов',
  noPersonalData: 'В реестре не найдено персональных данных',
  adminOnly: 'Пропустить проверку может только администратор',
  ownerOnly: 'Доступно только владельцу процедуры',
  validationLogSubject: 'Результат проверки реестра на персональные данные',
  helpRequestSubject: 'Просьба о помощи с реестром',
  helpRequested: 'Заявка отправлена, с вами свяжется техническая поддержка',
  logSent: 'Результат проверки отправлен',
  lotingEmpty: 'Черновик лотирования не найден',
  uploadUnknown: 'Загрузка не найдена',
  sumTooLarge:
    'Сумма задолженности по реестру слишком велика: проверьте суммы в файле (они указываются в рублях)',
  lotSumTooLarge: (lot: number) =>
    `Сумма задолженности по лоту ${lot} слишком велика: проверьте суммы в файле (они указываются в рублях)`,
  // Where the registry was read from (issue 21): shown with the answer, so what is read is what the seller sees.
  hiddenSheets: (names: readonly string[]) =>
    names.length === 1
      ? `Скрытый лист ${quoted(names)} не прочитан: читаются только видимые листы`
      : `Скрытые листы ${quoted(names)} не прочитаны: читаются только видимые листы`,
  headersBelow: (row: number, sheet: string) =>
    `Заголовки найдены в строке ${row} листа «${sheet}»: строки выше них не прочитаны`,
  otherSheet: (sheet: string, skipped: readonly string[]) =>
    `Реестр прочитан с листа «${sheet}»: на ${skipped.length === 1 ? 'листе' : 'листах'} ${quoted(skipped)} заголовков шаблона нет`,
  headersNotFound: (sheet: string, rows: number, sheets: number) =>
    `Заголовки шаблона не найдены: они ожидаются в строке 1 листа «${sheet}» (просмотрены первые ${rows} строк ${
      sheets === 1 ? 'листа' : `каждого из ${sheets} видимых листов`
    })`,
  // The template with columns of the seller's own, or without a required one (issue 29, decisions/0243).
  extraColumns: (columns: readonly { header: string; letter: string }[]) =>
    `${columns.length === 1 ? 'Столбец не из шаблона не загружается' : 'Столбцы не из шаблона не загружаются'}: ${lettered(columns)}`,
  missingColumns: (names: readonly string[]) =>
    names.length === 1
      ? `В файле нет обязательного столбца шаблона ${quoted(names)}: добавьте его с заголовком, как в шаблоне ЭТП РД`
      : `В файле нет обязательных столбцов шаблона ${quoted(names)}: добавьте их с заголовками, как в шаблоне ЭТП РД`,
  repeatedColumns: (columns: readonly { header: string; letter: string }[]) =>
    `Заголовок шаблона повторяется: ${lettered(columns)}: оставьте один столбец с таким заголовком`,
} as const;

/** «ФИО» (D), «Паспорт» (E), the first five of them and how many more. */
function lettered(columns: readonly { header: string; letter: string }[]): string {
  const shown = columns.slice(0, 5).map((c) => `«${c.header.slice(0, 60)}» (${c.letter})`);
  const more = columns.length - shown.length;
  return more > 0 ? `${shown.join(', ')} и ещё ${more}` : shown.join(', ');
}

/** «A», «B» and «C», the first five of them and how many more. */
function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 5).map((n) => `«${n}»`);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} и ещё ${more}` : shown.join(', ');
}
