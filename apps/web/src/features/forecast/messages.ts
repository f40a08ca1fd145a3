/** Russian texts of the price forecast: the lot dialog's Прогноз tab and the wizard's predicted prices. */
import { formatPercent, type PluralForms, plural } from '@etp/domain';

const SOLD_LOTS: PluralForms = ['проданном лоте', 'проданных лотах', 'проданных лотах'];
const LOTS: PluralForms = ['лот', 'лота', 'лотов'];
const count = (n: number) => n.toLocaleString('ru-RU');
const percent = (value: number) => formatPercent(value, { fractionDigits: 1 });

export const FORECAST_TEXTS = {
  modelTitle: 'Модель прогноза',
  modelVersion: (version: number, trainedAt: string, size: number) =>
    `Отвечает модель версии ${version}, обученная ${trainedAt} на ${count(size)} ${plural(size, SOLD_LOTS)} площадки.`,
  modelKind: (startQuantile: number) =>
    `Квантильный случайный лес: начальная цена — ${Math.round(startQuantile * 100)}-й процентиль прогноза цены продажи, цена продажи — его медиана.`,
  backtest: (train: number, test: number) =>
    `Проверка на истории: модель обучена на ранних 80 % торгов (${count(train)} ${plural(train, LOTS)}) и сверена с фактом последних 20 % (${count(test)} ${plural(test, LOTS)}).`,
  mape: 'Средняя ошибка цены продажи (MAPE)',
  mapeBaselines: (sellerDpd: number, overall: number) =>
    `у медианы по типу продавца и DPD — ${percent(sellerDpd)}, у общей медианы — ${percent(overall)}`,
  coverage: 'Факт попал в прогнозный диапазон',
  coverageExpected: (expected: number) => `ожидается около ${Math.round(expected)}%`,
  priorTitle: 'Прогноз по рыночным ориентирам',
  priorKind:
    'Начальная цена — нижняя граница ориентира для типа продавца, цена продажи — его середина; оба с поправкой на DPD. Ошибка ориентиров на истории площадки не измерена.',
  priorHistory: (history: number, min: number) =>
    `Проданных лотов на площадке: ${count(history)}; модель обучается, когда их не меньше ${count(min)}.`,
  retrain: 'Переобучить модель',
  retraining: 'Модель обучается…',
  retrainFailed: 'Не удалось переобучить модель. Попробуйте позднее.',

  formTitle: 'Параметры прогноза',
  auctionType: 'Тип аукциона',
  auctionTypes: { classic: 'Классический', dutch: 'Голландский' },
  sellerType: 'Тип продавца',
  amountTotal: 'ОД',
  amountBottomline: 'ОСЗ',
  dpd: 'DPD, дней',
  dplp: 'DPLP, дней',
  itemsCount: 'Количество дел',
  flagsTitle: 'Признаки, % дел лота',
  percentTooLarge: 'Не должно быть больше 100',
  submit: 'Рассчитать прогноз',
  reset: 'Вернуть параметры лота',
  predictFailed: 'Не удалось рассчитать прогноз. Попробуйте позднее.',
  loadFailed: 'Не удалось загрузить параметры прогноза. Попробуйте позднее.',

  resultTitle: 'Прогноз цены',
  newForecast: 'Новый прогноз',
  previousForecast: 'Предыдущий прогноз',
  lotForecast: 'Прогноз лота',
  startPrice: 'Начальная цена',
  endPrice: 'Цена продажи',
  source: 'Источник',
  madeAt: 'Рассчитан',
  sourceModel: (version: number) => `Модель, версия ${version}`,
  sourcePrior: 'Рыночные ориентиры',
  none: '—',
  justNow: 'Только что',
  noForecast: 'Прогноз для лота ещё не рассчитывали.',
  own: 'Рассчитан по параметрам лота и сохранён как прогноз лота.',
  whatIf: 'Рассчитан по изменённым параметрам; прогноз лота не изменился.',
  reasonsTitle: 'Что сильнее всего повлияло на цену продажи',
  reasonsHint:
    'Насколько меняется прогноз цены продажи, если у типичного проданного лота поменять только этот параметр на значение этого лота.',
  reasonsPrior: 'Рыночные ориентиры учитывают только тип продавца и DPD, поэтому причин не показывают.',

  wizardPending: 'Рассчитываем прогноз цен…',
  wizardFailed: 'Не удалось рассчитать прогноз цен. Попробуйте позднее.',
  wizardModel: (version: number, mape: number | null) =>
    `Прогноз цен — модель версии ${version}${mape === null ? '' : ` (средняя ошибка цены продажи на истории ${percent(mape)})`}: начальная цена — нижняя граница диапазона, цена продажи — медиана.`,
} as const;
