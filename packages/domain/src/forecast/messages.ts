/** Russian texts of the price forecast: factor names for the reasons, and what the reply says of its source. */
import type { ForecastFactor } from './features.ts';

export const FORECAST_FACTOR_LABELS: Readonly<Record<ForecastFactor, string>> = {
  auction_type: 'Тип аукциона',
  seller_type: 'Тип продавца',
  amount_bottomline: 'ОСЗ лота',
  principal_share: 'Доля ОД в ОСЗ',
  bottomline_mean: 'Средняя ОСЗ',
  dpd: 'DPD',
  dplp: 'DPLP',
  items_count: 'Количество дел',
  dead: 'Должник умер',
  bankruptcy: 'Банкротство должника',
  court_order: 'Судебный акт получен',
  enforcement_proceedings: 'Исполнительное производство',
  presence_participants: 'Поручители или созаемщики',
  paid_amount: 'Были платежи после выдачи',
  issuence_form: 'Форма выдачи известна',
  secured_liability: 'Обеспеченный кредит (залог)',
  interact_refusal: 'Отказ от взаимодействия',
  military_service: 'Военная служба',
  mls: 'Места лишения свободы',
  disability: 'Инвалидность должника',
  fraud: 'Мошенничество',
  impossibility_act: 'Акт о невозможности взыскания',
  payments_360: 'Платежи за 360 дней',
  capital_share: 'Доля Москвы и Санкт-Петербурга',
};

export const FORECAST_MESSAGES = {
  priorNote:
    'Истории торгов на площадке пока мало: прогноз рассчитан по рыночным ориентирам (банковские розничные долги — 5–8 % ОСЗ, долги МФО — 14–21 % ОСЗ) с поправкой на DPD.',
  modelNote: 'Прогноз модели, обученной на завершённых торгах площадки.',
  lotNotFound: 'Лот не найден',
  briefcaseNotFound: 'Торговая процедура не найдена',
  notAllowed: 'Прогноз доступен администратору и владельцу процедуры',
  tooManyLots: 'Не более 500 лотов за один запрос',
  retrainStarted: 'Модель переобучена',
  notEnoughHistory: 'Недостаточно завершённых торгов для обучения модели',
} as const;
