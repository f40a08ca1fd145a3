/** Russian texts of the Statistics tab's call. */
export const STATISTICS_TEXTS = {
  mastersOnly: 'Статистика доступна только организатору торгов',
  notYet: 'Статистика появится после начала торгов',
} as const;
