/** Russian texts of the procedure's documents: the card header's dropdown and the Портфель tab (spec 2 §2). */
import { DOCUMENT_MESSAGES } from '@etp/domain';

export const DOCUMENTS_MESSAGES = {
  ...DOCUMENT_MESSAGES,
  menu: 'Документы',
  menuLabel: 'Документы торговой процедуры',
  sectionTitle: 'Документы торговой процедуры',
  archive: 'Скачать всё архивом',
  noDocuments: 'Документов пока нет',
  loading: 'Загрузка списка документов…',
  loadFailed: 'Не удалось загрузить список документов',
  downloadFailed: 'Не удалось скачать файл. Попробуйте позднее.',
  download: (name: string) => `Скачать «${name}»`,
  sellerReports: 'Отчёты организатора',
  report: 'Отчёт о торгах (XLSX)',
  lotsReport: 'Лоты и результаты (XLSX)',
  companiesInfo: 'Участники и компании (CSV)',
  history: 'История скачиваний',
  historyCount: (n: number) => `Всего скачиваний: ${n}`,
  historyEmpty: 'Документы ещё не скачивали',
  /** Names its file: "Вся история (XLSX)" read as the procedure's whole history (issue 29 #17, decisions/0248). */
  historyDownload: 'Вся история скачиваний (XLSX)',
  historyColumns: { at: 'Время', user: 'Пользователь', company: 'Компания', file: 'Файл' },
  fileNames: {
    archive: (id: number) => `Документы ТП №${id}.zip`,
    report: (id: number) => `Отчёт о торгах ТП №${id}.xlsx`,
    lotsReport: (id: number) => `Лоты ТП №${id}.xlsx`,
    companiesInfo: (id: number) => `Участники ТП №${id}.csv`,
    downloadsInfo: (id: number) => `История скачиваний ТП №${id}.xlsx`,
  },
} as const;
