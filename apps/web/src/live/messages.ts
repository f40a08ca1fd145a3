/** Russian texts of the live connection (spec 2 §8). */
export const LIVE_MESSAGES = {
  connecting: 'Установка соединения...',
} as const;
