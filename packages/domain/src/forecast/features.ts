/**
 * The price forecast's feature encoding (issue 17): one function turns a lot's facts, or the administrator's
 * prediction form (spec 2 §3), into the model's vector, so the lot and the form it pre-fills give the same numbers.
 */
import { COMPANY_KINDS, type CompanyKind } from '../dictionaries.ts';

/** The form's fourteen feature flags (spec 2 §3 "Prediction form"), each sent as the lot's share of cases, 0..1. */
export const FORECAST_FLAGS = [
  'dead',
  'bankruptcy',
  'court_order',
  'enforcement_proceedings',
  'presence_participants',
  'paid_amount',
  'issuence_form',
  'secured_liability',
  'interact_refusal',
  'military_service',
  'mls',
  'disability',
  'fraud',
  'impossibility_act',
] as const;
export type ForecastFlag = (typeof FORECAST_FLAGS)[number];

/**
 * Seller types of the form: the seller company's kind (legal = a legal entity that is not a bank, physical = a person,
 * self = a sole trader), the platform's one list of kinds. Its order is the one-hot order of the vector.
 */
export const SELLER_TYPES = COMPANY_KINDS;
export type SellerType = CompanyKind;

export const FORECAST_AUCTION_TYPES = ['classic', 'dutch'] as const;
type ForecastAuctionType = (typeof FORECAST_AUCTION_TYPES)[number];

/**
 * Everything the model reads of a lot. Money in kopecks. The form gives the first group; the registry gives
 * `payments_360_cents` and `capital_cases` (not editable in the form: they come from the lot the form is about).
 */
export interface ForecastInput {
  auction_type: ForecastAuctionType;
  /** ОД. */
  amount_total: number;
  /** ОСЗ: the face value the price is a share of. */
  amount_bottomline: number;
  dpd: number;
  dplp: number;
  items_count: number;
  seller_type: SellerType;
  flags: Record<ForecastFlag, number>;
  /** Payments received over the last 360 days, kopecks (registry `amount_for_360_days`). */
  payments_360_cents: number;
  /** Share of the lot's debts in Moscow, St Petersburg and their regions (codes 77, 78, 50, 47). */
  capital_share: number;
}

/** The lot facts the encoding needs: the lot's columns, its analytics jsonb and its seller's company kind. */
export interface ForecastLotFacts {
  auctionType: string;
  amountTotal: number;
  amountBottomline: number;
  dpd: number | null;
  dplp: number | null;
  itemsCount: number;
  sellerKind: SellerType;
  analytics: Record<string, unknown> | null;
}

const CAPITAL_REGIONS = ['77', '78', '50', '47'];

const count = (analytics: Record<string, unknown> | null, key: string): number => {
  const value = analytics?.[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

const clampShare = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/**
 * A lot's forecast input. Flags are the share of the lot's cases with the flag (analytics counts / items count);
 * a sealed-offer lot counts as classic (the form offers classic and dutch only, decisions/0105).
 */
export function forecastInputFromLot(lot: ForecastLotFacts): ForecastInput {
  const n = Math.max(1, lot.itemsCount);
  const flags = Object.fromEntries(
    FORECAST_FLAGS.map((flag) => [flag, clampShare(count(lot.analytics, flag) / n)]),
  ) as Record<ForecastFlag, number>;
  const regions = (lot.analytics?.regions_list ?? {}) as Record<string, number>;
  let all = 0;
  let capital = 0;
  for (const [code, cases] of Object.entries(regions)) {
    if (typeof cases !== 'number') continue;
    all += cases;
    if (CAPITAL_REGIONS.includes(code)) capital += cases;
  }
  return {
    auction_type: lot.auctionType === 'dutch' ? 'dutch' : 'classic',
    amount_total: lot.amountTotal,
    amount_bottomline: lot.amountBottomline,
    dpd: lot.dpd ?? 0,
    dplp: lot.dplp ?? 0,
    items_count: lot.itemsCount,
    seller_type: lot.sellerKind,
    flags,
    payments_360_cents: count(lot.analytics, 'amount_for_360_days_cents'),
    capital_share: all === 0 ? 0 : capital / all,
  };
}

/** The prediction form's fields (spec 2 §3) as the API carries them. */
export interface ForecastForm {
  auction_type: ForecastAuctionType;
  amount_total: number;
  amount_bottomline: number;
  dpd: number;
  dplp: number;
  items_count: number;
  seller_type: SellerType;
  flags: Record<ForecastFlag, number>;
}

/** The form a lot pre-fills: what the Прогноз tab shows before the administrator changes anything. */
export function forecastFormOf(input: ForecastInput): ForecastForm {
  const { payments_360_cents: _p, capital_share: _c, ...form } = input;
  return { ...form, flags: { ...form.flags } };
}

/** The form's fields over the registry facts of the lot it is about. */
export function forecastInputFromForm(
  form: ForecastForm,
  registry: Pick<ForecastInput, 'payments_360_cents' | 'capital_share'>,
): ForecastInput {
  return {
    ...form,
    flags: { ...form.flags },
    payments_360_cents: registry.payments_360_cents,
    capital_share: registry.capital_share,
  };
}

/**
 * A factor is what a reason names: one or more columns of the vector moved together (the seller type is five
 * one-hot columns). The order of factors is the order of columns.
 */
export const FORECAST_FACTORS = [
  'auction_type',
  'seller_type',
  'amount_bottomline',
  'principal_share',
  'bottomline_mean',
  'dpd',
  'dplp',
  'items_count',
  ...FORECAST_FLAGS,
  'payments_360',
  'capital_share',
] as const;
export type ForecastFactor = (typeof FORECAST_FACTORS)[number];

const FACTOR_WIDTH: Partial<Record<ForecastFactor, number>> = { seller_type: SELLER_TYPES.length };

/** Columns of each factor in the vector, [first, end). */
export const FACTOR_COLUMNS: Readonly<Record<ForecastFactor, readonly [number, number]>> = (() => {
  const out = {} as Record<ForecastFactor, readonly [number, number]>;
  let at = 0;
  for (const factor of FORECAST_FACTORS) {
    const width = FACTOR_WIDTH[factor] ?? 1;
    out[factor] = [at, at + width];
    at += width;
  }
  return out;
})();

export const FEATURE_COUNT = FORECAST_FACTORS.length - 1 + SELLER_TYPES.length;

/**
 * Bumped whenever the vector's meaning changes: a stored model is used only with the encoding it was trained on.
 * 2: the seller types follow COMPANY_KINDS' order (decisions/0259).
 */
export const FORECAST_ENCODING_VERSION = 2;

const RUBLE = 100;
const log1p = (x: number) => Math.log1p(Math.max(0, x));

/**
 * The model's vector. Amounts enter as logarithms of rubles (a forest splits on order, the log only evens the
 * spacing); ratios to ОСЗ as they are. Never NaN: missing or zero amounts give zeros.
 */
export function encodeForecastInput(input: ForecastInput): number[] {
  const face = Math.max(0, input.amount_bottomline);
  const items = Math.max(0, input.items_count);
  const v: number[] = [input.auction_type === 'dutch' ? 1 : 0];
  for (const type of SELLER_TYPES) v.push(input.seller_type === type ? 1 : 0);
  v.push(log1p(face / RUBLE));
  v.push(face > 0 ? Math.min(2, Math.max(0, input.amount_total) / face) : 0);
  v.push(items > 0 ? log1p(face / items / RUBLE) : 0);
  v.push(Math.max(0, input.dpd));
  v.push(Math.max(0, input.dplp));
  v.push(log1p(items));
  for (const flag of FORECAST_FLAGS) v.push(clampShare(input.flags[flag]));
  v.push(face > 0 ? Math.min(1, Math.max(0, input.payments_360_cents) / face) : 0);
  v.push(clampShare(input.capital_share));
  return v;
}
