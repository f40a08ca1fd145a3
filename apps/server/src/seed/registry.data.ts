/** Reference lists for the synthetic registry: region weights, invented creditors, product mixes. */

/**
 * Subject codes with a weight roughly proportional to their population (millions), so the demo's region chart
 * looks like a real retail portfolio: Moscow and its region first, then St Petersburg, Krasnodar, and so on.
 */
export const REGION_WEIGHTS: readonly (readonly [number, number])[] = [
  [77, 13.1],
  [50, 8.6],
  [78, 5.6],
  [23, 5.8],
  [66, 4.2],
  [61, 4.1],
  [2, 4.0],
  [16, 4.0],
  [74, 3.4],
  [63, 3.1],
  [52, 3.1],
  [54, 2.8],
  [24, 2.8],
  [26, 2.8],
  [42, 2.6],
  [59, 2.5],
  [34, 2.5],
  [64, 2.4],
  [36, 2.3],
  [38, 2.3],
  [22, 2.1],
  [47, 2.0],
  [5, 1.6],
  [56, 1.9],
  [55, 1.8],
  [25, 1.8],
  [86, 1.7],
  [72, 1.6],
  [71, 1.5],
  [31, 1.5],
  [18, 1.4],
  [27, 1.3],
  [33, 1.3],
  [58, 1.3],
  [73, 1.2],
  [43, 1.2],
  [76, 1.2],
  [21, 1.2],
  [69, 1.2],
  [32, 1.2],
  [35, 1.1],
  [46, 1.1],
  [48, 1.1],
  [62, 1.1],
  [3, 1.0],
  [14, 1.0],
  [29, 1.0],
  [30, 1.0],
  [37, 1.0],
  [39, 1.0],
  [40, 1.0],
  [68, 1.0],
  [70, 1.0],
  [75, 1.0],
  [67, 0.9],
  [7, 0.9],
  [11, 0.8],
  [13, 0.8],
  [28, 0.8],
  [45, 0.8],
  [12, 0.7],
  [15, 0.7],
  [51, 0.7],
  [57, 0.7],
  [20, 0.7],
  [10, 0.6],
  [44, 0.6],
  [53, 0.6],
  [60, 0.6],
  [1, 0.5],
  [9, 0.5],
  [19, 0.5],
  [65, 0.5],
  [89, 0.5],
  [6, 0.3],
  [17, 0.3],
  [41, 0.3],
  [8, 0.25],
  [4, 0.2],
  [49, 0.14],
  [79, 0.15],
  [87, 0.05],
  [83, 0.04],
];

/** Invented creditors (no real bank of these names): the first creditors of resold portfolios. */
export const INVENTED_BANKS = [
  'АО «Северный кредитный банк»',
  'ПАО «Волжский народный банк»',
  'АО «Уральский торговый банк»',
  'ООО КБ «Приморский капитал»',
  'АО «Банк Сибирское согласие»',
  'ПАО «Центральный сберегательный банк»',
  'АО КБ «Южный расчётный»',
  'ООО «Банк Балтийская гавань»',
] as const;

export const INVENTED_MFOS = [
  'ООО МФК «Деньги до зарплаты»',
  'ООО МКК «Займ на карту»',
  'ООО МФК «Честный займ»',
  'ООО МКК «Быстрый рубль»',
  'ООО МФК «Финансовая помощь»',
] as const;

export type ProductType =
  | 'Потребительский кредит'
  | 'Кредитная карта'
  | 'Микрозайм'
  | 'Автокредит'
  | 'Ипотека';

export type Stage = 'Досудебная' | 'Судебная' | 'Исполнительное производство';

export type OrderPlacement = 'фссп' | 'банк' | 'не предъявлялся';

/** The product mix of a bank's retail book (the MFO book is all micro-loans). */
export const BANK_PRODUCTS: readonly (readonly [ProductType, number])[] = [
  ['Потребительский кредит', 55],
  ['Кредитная карта', 33],
  ['Автокредит', 9],
  ['Ипотека', 3],
];

/** Loan kinds (purpose and form of the contract) per product. */
export const LOAN_KINDS: Readonly<Record<ProductType, readonly (readonly [string, number])[]>> = {
  'Потребительский кредит': [
    ['Нецелевой', 70],
    ['Рефинансирование', 20],
    ['Целевой (POS)', 10],
  ],
  'Кредитная карта': [
    ['Револьверный', 85],
    ['Овердрафт', 15],
  ],
  Микрозайм: [
    ['Онлайн-займ', 75],
    ['Займ в офисе', 25],
  ],
  Автокредит: [['Целевой, залог ТС', 100]],
  Ипотека: [['Целевой, залог недвижимости', 100]],
};

/**
 * Principal ranges in rubles (5th–95th percentile of a log-normal), with hard limits.
 * MFO loans 5–60 thousand, bank loans 30 thousand – 2 million (mortgages above).
 */
export const PRINCIPAL_RUBLES: Readonly<Record<ProductType, readonly [number, number, number, number]>> = {
  Микрозайм: [7_000, 45_000, 5_000, 60_000],
  'Потребительский кредит': [60_000, 900_000, 30_000, 2_000_000],
  'Кредитная карта': [35_000, 300_000, 30_000, 1_000_000],
  Автокредит: [350_000, 1_800_000, 200_000, 2_000_000],
  Ипотека: [1_500_000, 6_000_000, 1_000_000, 9_000_000],
};

/** Feature flags of spec 2 §3 and their base rates in a retail portfolio. */
export const FEATURE_RATES = {
  dead: 0.015,
  bankruptcy: 0.025,
  court_order: 0,
  enforcement_proceedings: 0,
  fraud: 0.005,
  disability: 0.012,
  mls: 0.006,
  military_service: 0.008,
  interact_refusal: 0.03,
  impossibility_act: 0.01,
  secured_liability: 0,
} as const;

export type FeatureName = keyof typeof FEATURE_RATES;
export const FEATURE_NAMES = Object.keys(FEATURE_RATES) as FeatureName[];
