/** The check report's columns (docs/decisions/0052). */
export const REPORT_HEADERS = ['Строка', 'Столбец', 'Заголовок', 'Значение', 'Ошибка'];
export const REPORT_WIDTHS = [10, 10, 30, 30, 70];
