/**
 * Demo history for the price forecast (issue 17, decisions/0107): two years of finished procedures whose sale
 * prices come from a stated generating process, so the model, its backtest and the screens have data to work on.
 * DEMO DATA: nothing here is a market observation.
 *
 * The process, per lot (shares are of the lot's cases; money in kopecks):
 *   log(price / ОСЗ) = log(BASE_SHARE[seller type])
 *     − 0.45·ln(DPD / 365)                        older debt is worth less
 *     + 4·(payments over 360 days / ОСЗ)          paying debtors are worth more
 *     + 0.6·(paid_amount − 0.5) + 0.5·court_order + 0.3·enforcement_proceedings + 0.8·secured_liability
 *     + 0.4·presence_participants + 0.2·issuence_form
 *     − 3·dead − 2.5·bankruptcy − 5·fraud − 1.5·impossibility_act − 2·interact_refusal
 *     − 3·mls − 2·military_service − 2·disability
 *     + 0.25·(share of Moscow and St Petersburg) − 0.1·[dutch]
 *     − 0.08·ln(mean ОСЗ / 100 000 ₽) + 0.04·ln(cases / 100)
 *     + ε,  ε ~ N(0, 0.2²)
 * clamped to 0.3–60 % of ОСЗ. The seller's start price is the sale price × U(0.55, 0.9).
 */
import { type ForecastLotFacts, type SellerType, shareToPrice } from '@etp/domain';
import { Rng } from './random.ts';

export const HISTORY_LABEL =
  'Демо-данные: история торгов за два года, сгенерированная для модели прогноза цен (не рыночные наблюдения)';

const BASE_SHARE: Readonly<Record<SellerType, number>> = {
  bank: 0.055,
  mfo: 0.15,
  legal: 0.045,
  self: 0.04,
  physical: 0.035,
};

const NOISE_SD = 0.2;
const DAY_MS = 86_400_000;

interface HistoryLot extends ForecastLotFacts {
  number: number;
  startPrice: number;
  salePrice: number;
}

export interface HistoryProcedure {
  sellerKind: SellerType;
  auctionType: 'classic' | 'dutch';
  start: Date;
  end: Date;
  lots: HistoryLot[];
}

export interface HistoryOptions {
  now: Date;
  seed: number;
  /** Procedures over the two years. */
  procedures: number;
  sellerKinds: readonly SellerType[];
  days?: number;
}

const CAPITAL = ['77', '78', '50', '47'];
const OTHER_REGIONS = ['16', '23', '52', '54', '61', '63', '66', '74', '02', '24'];
const ROUBLE = 100;

/** The generating process's log share, without noise. */
function historyLogShare(lot: ForecastLotFacts, payments360: number, capitalShare: number): number {
  const n = Math.max(1, lot.itemsCount);
  const a = lot.analytics ?? {};
  const s = (key: string) => (typeof a[key] === 'number' ? (a[key] as number) / n : 0);
  const face = Math.max(1, lot.amountBottomline);
  return (
    Math.log(BASE_SHARE[lot.sellerKind]) -
    0.45 * Math.log(Math.max(30, lot.dpd ?? 365) / 365) +
    4 * (payments360 / face) +
    0.6 * (s('paid_amount') - 0.5) +
    0.5 * s('court_order') +
    0.3 * s('enforcement_proceedings') +
    0.8 * s('secured_liability') +
    0.4 * s('presence_participants') +
    0.2 * s('issuence_form') -
    3 * s('dead') -
    2.5 * s('bankruptcy') -
    5 * s('fraud') -
    1.5 * s('impossibility_act') -
    2 * s('interact_refusal') -
    3 * s('mls') -
    2 * s('military_service') -
    2 * s('disability') +
    0.25 * capitalShare -
    (lot.auctionType === 'dutch' ? 0.1 : 0) -
    0.08 * Math.log(face / n / (100_000 * ROUBLE)) +
    0.04 * Math.log(n / 100)
  );
}

function generateLot(rng: Rng, p: Omit<HistoryProcedure, 'lots'>, number: number): HistoryLot {
  const items = Math.round(rng.logNormal(25, 400, 10, 1500));
  const meanRubles =
    p.sellerKind === 'bank'
      ? rng.logNormal(40_000, 600_000, 10_000, 3_000_000)
      : p.sellerKind === 'mfo'
        ? rng.logNormal(8_000, 60_000, 3_000, 150_000)
        : rng.logNormal(20_000, 300_000, 5_000, 2_000_000);
  const amountBottomline = Math.round(meanRubles * items) * ROUBLE;
  const principalShare = p.sellerKind === 'mfo' ? rng.float(0.3, 0.6) : rng.float(0.55, 0.9);
  const dpd = Math.round(rng.logNormal(120, 2200, 35, 4000));
  const dplp = Math.round(dpd * rng.float(0.6, 1.1));
  const count = (share: number) => Math.round(Math.min(1, Math.max(0, share)) * items);
  const courtOrder = rng.float(0, 0.9);
  const enforcement = courtOrder * rng.float(0.2, 0.9);
  const paid = rng.float(0.1, 0.9);
  const capitalShare = rng.float(0, 0.6);
  const analytics: Record<string, unknown> = {
    dead: count(rng.float(0, 0.04)),
    bankruptcy: count(rng.float(0, 0.08)),
    court_order: count(courtOrder),
    enforcement_proceedings: count(enforcement),
    presence_participants: count(rng.float(0, 0.3)),
    paid_amount: count(paid),
    issuence_form: count(rng.float(0.5, 1)),
    secured_liability: count(p.sellerKind === 'bank' && rng.chance(0.2) ? rng.float(0.3, 1) : 0),
    interact_refusal: count(rng.float(0, 0.1)),
    military_service: count(rng.float(0, 0.02)),
    mls: count(rng.float(0, 0.015)),
    disability: count(rng.float(0, 0.03)),
    fraud: count(rng.float(0, 0.02)),
    impossibility_act: count(enforcement * rng.float(0, 0.5)),
  };
  const recency = dpd < 365 ? 1.5 : dpd < 730 ? 1 : 0.4;
  const payments360 = Math.round(amountBottomline * paid * rng.float(0, 0.08) * recency);
  const capitalCases = Math.round(items * capitalShare);
  const regions: Record<string, number> = {};
  const split = (codes: readonly string[], cases: number) => {
    let left = cases;
    for (const [i, code] of codes.entries()) {
      const take = i === codes.length - 1 ? left : Math.round(cases / codes.length);
      if (take > 0) regions[code] = take;
      left -= take;
    }
  };
  split(CAPITAL, capitalCases);
  split(rng.sample(OTHER_REGIONS, 4), items - capitalCases);
  analytics.regions_list = regions;
  analytics.amount_for_360_days_cents = payments360;
  const facts: ForecastLotFacts = {
    auctionType: p.auctionType,
    amountTotal: Math.round((amountBottomline * principalShare) / ROUBLE) * ROUBLE,
    amountBottomline,
    dpd,
    dplp,
    itemsCount: items,
    sellerKind: p.sellerKind,
    analytics,
  };
  let capital = 0;
  for (const code of CAPITAL) capital += regions[code] ?? 0;
  const logShare = historyLogShare(facts, payments360, capital / items) + rng.normal(0, NOISE_SD);
  const share = Math.min(0.6, Math.max(0.003, Math.exp(logShare)));
  const salePrice = Math.max(10_000 * ROUBLE, shareToPrice(share, amountBottomline));
  const startPrice = Math.max(ROUBLE, Math.round((salePrice * rng.float(0.55, 0.9)) / 10_000) * 10_000);
  return { ...facts, number, startPrice: Math.min(startPrice, salePrice), salePrice };
}

/** Procedures ending at random over the `days` (730) before `now` minus a week, oldest first. */
export function generateHistory(options: HistoryOptions): HistoryProcedure[] {
  const rng = new Rng(options.seed);
  const days = options.days ?? 730;
  const from = options.now.getTime() - days * DAY_MS;
  const to = options.now.getTime() - 8 * DAY_MS;
  const out: HistoryProcedure[] = [];
  for (let i = 0; i < options.procedures; i++) {
    const end = new Date(Math.floor(rng.float(from, to) / 900_000) * 900_000);
    const auctionType = rng.chance(0.3) ? 'dutch' : 'classic';
    const head = {
      sellerKind: rng.pick(options.sellerKinds),
      auctionType,
      start: new Date(end.getTime() - (auctionType === 'dutch' ? 5 : rng.int(3, 6)) * 3_600_000),
      end,
    } as const;
    const lots = Array.from({ length: rng.int(3, 10) }, (_, n) => generateLot(rng, head, n + 1));
    out.push({ ...head, lots });
  }
  return out.sort((a, b) => a.end.getTime() - b.end.getTime());
}
