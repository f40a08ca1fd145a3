/**
 * Synthetic Russian retail debts, one object per debt, shaped like `registry_rows`. Amounts are kopecks,
 * dates 'YYYY-MM-DD'. There is no personal data at all: no names, documents, phones or addresses; the birth
 * date and sex exist only for the age chart, as in the real de-personalised registry.
 */
import type { Rng } from './random.ts';
import {
  BANK_PRODUCTS,
  FEATURE_NAMES,
  FEATURE_RATES,
  type FeatureName,
  INVENTED_BANKS,
  INVENTED_MFOS,
  LOAN_KINDS,
  type OrderPlacement,
  PRINCIPAL_RUBLES,
  type ProductType,
  REGION_WEIGHTS,
  type Stage,
} from './registry.data.ts';

export type SourceKind = 'overdue_loans' | 'active_loan' | 'court_decisions' | 'enforcement';

export interface Debt {
  contractId: string;
  regionCode: number;
  principal: number;
  /** ОД: the outstanding principal. */
  amountTotal: number;
  /** ОСЗ: the whole debt with interest and penalties, never below ОД. */
  amountBottomline: number;
  dpd: number;
  dplp: number;
  issueDate: string;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  paidAmount: number;
  amountFor360Days: number;
  productType: ProductType;
  loanKind: string;
  stage: Stage;
  firstCreditor: string;
  birthDate: string;
  sex: 'male' | 'female';
  enforcementOrderPlacement: OrderPlacement;
  features: Record<FeatureName, boolean>;
}

export interface PortfolioProfile {
  /** What the original creditor was: a bank's book or an MFO's micro-loans. */
  book: 'bank' | 'mfo';
  /** The seller's own name, the first creditor of the debts it originated itself. */
  sellerName: string;
  /** A collector resells bought portfolios: their first creditors are other lenders. */
  resold: boolean;
  sourceKind: SourceKind;
  /** The registry's date (UTC midnight of the Moscow day). */
  asOf: Date;
  /** A single-product portfolio (e.g. car loans only); otherwise the book's usual mix. */
  product?: ProductType;
}

const DAY_MS = 86_400_000;

/** Numbers contracts of one registry: increasing, so contract ids never repeat inside it. */
export class ContractNumbers {
  private last: number;

  constructor(
    private readonly prefix: string,
    start: number,
  ) {
    this.last = start;
  }

  next(rng: Rng, issueDate: string): string {
    this.last += rng.int(1, 7);
    return `${this.prefix}-${issueDate.slice(0, 4)}/${String(this.last % 1_000_000).padStart(6, '0')}`;
  }
}

function day(asOf: Date, daysBefore: number): string {
  return new Date(asOf.getTime() - daysBefore * DAY_MS).toISOString().slice(0, 10);
}

const kopecks = (rubles: number) => Math.round(rubles * 100);

function stageFor(rng: Rng, sourceKind: SourceKind): Stage {
  switch (sourceKind) {
    case 'active_loan':
      return 'Досудебная';
    case 'court_decisions':
      return rng.weighted([
        ['Судебная', 75],
        ['Исполнительное производство', 25],
      ]);
    case 'enforcement':
      return 'Исполнительное производство';
    default:
      return rng.weighted([
        ['Досудебная', 62],
        ['Судебная', 31],
        ['Исполнительное производство', 7],
      ]);
  }
}

function dpdFor(rng: Rng, stage: Stage, performing: boolean): number {
  if (performing) return rng.chance(0.6) ? 0 : rng.int(1, 89);
  if (stage === 'Досудебная') return Math.round(rng.logNormal(100, 800, 90, 2500));
  if (stage === 'Судебная') return Math.round(rng.logNormal(250, 1400, 120, 2500));
  return Math.round(rng.logNormal(420, 2100, 180, 2500));
}

function placementFor(rng: Rng, stage: Stage): OrderPlacement {
  if (stage === 'Исполнительное производство') {
    return rng.weighted([
      ['фссп', 88],
      ['банк', 12],
    ]);
  }
  if (stage === 'Судебная') {
    return rng.weighted([
      ['не предъявлялся', 70],
      ['банк', 12],
      ['фссп', 18],
    ]);
  }
  return 'не предъявлялся';
}

function firstCreditorFor(rng: Rng, profile: PortfolioProfile): string {
  if (!profile.resold && rng.chance(0.85)) return profile.sellerName;
  return rng.pick(profile.book === 'mfo' ? INVENTED_MFOS : INVENTED_BANKS);
}

/** ОСЗ over ОД: interest and penalties grow with the delinquency; MFO add-ons are capped at 130 %. */
function bottomlineFactor(rng: Rng, book: 'bank' | 'mfo', dpd: number): number {
  if (dpd < 90) return 1 + rng.float(0, 0.04);
  const years = dpd / 365;
  if (book === 'mfo') return 1 + Math.min(1.3, 0.35 + years * rng.float(0.2, 0.5) + rng.float(0, 0.3));
  return 1 + Math.min(1.2, 0.03 + years * rng.float(0.08, 0.25) + rng.float(0, 0.08));
}

function features(
  rng: Rng,
  d: { stage: Stage; product: ProductType; age: number; sex: string; dpd: number },
) {
  const out = {} as Record<FeatureName, boolean>;
  for (const name of FEATURE_NAMES) {
    let rate: number = FEATURE_RATES[name];
    if (name === 'court_order') rate = d.stage === 'Досудебная' ? 0.01 : 0.6;
    if (name === 'enforcement_proceedings') {
      rate = d.stage === 'Исполнительное производство' ? 1 : d.stage === 'Судебная' ? 0.05 : 0;
    }
    if (name === 'impossibility_act' && d.stage === 'Исполнительное производство') rate = 0.12;
    if (name === 'secured_liability') rate = d.product === 'Автокредит' || d.product === 'Ипотека' ? 0.96 : 0;
    if (name === 'dead' && d.age >= 65) rate = 0.06;
    if (name === 'bankruptcy' && d.dpd > 720) rate = 0.045;
    if (name === 'military_service') rate = d.sex === 'male' && d.age < 50 ? 0.02 : 0;
    out[name] = rng.chance(rate);
  }
  return out;
}

/** One debt of the portfolio. */
function generateDebt(rng: Rng, profile: PortfolioProfile, numbers: ContractNumbers): Debt {
  const performing = profile.sourceKind === 'active_loan';
  const productType: ProductType =
    profile.product ?? (profile.book === 'mfo' ? 'Микрозайм' : rng.weighted(BANK_PRODUCTS));
  const loanKind = rng.weighted(LOAN_KINDS[productType]);
  const [low, high, min, max] = PRINCIPAL_RUBLES[productType];
  const roundTo = productType === 'Микрозайм' ? 500 : 1000;
  const principalRub = Math.round(rng.logNormal(low, high, min, max) / roundTo) * roundTo;
  const principal = kopecks(principalRub);

  const stage = stageFor(rng, profile.sourceKind);
  const dpd = dpdFor(rng, stage, performing);
  // The loan ran for a while before the first missed payment.
  const servicedDays = productType === 'Микрозайм' ? rng.int(20, 180) : rng.int(60, 1400);
  const sinceIssue = dpd + servicedDays;
  const issueDate = day(profile.asOf, sinceIssue);

  const outstandingShare =
    productType === 'Микрозайм'
      ? rng.float(0.85, 1)
      : productType === 'Кредитная карта'
        ? rng.float(0.6, 1)
        : Math.max(0.3, 1 - (servicedDays / 365) * rng.float(0.1, 0.3));
  const amountTotal = Math.max(100_00, Math.round(principal * outstandingShare));
  const amountBottomline = Math.round(amountTotal * bottomlineFactor(rng, profile.book, dpd));

  // Payments: some debtors never paid; some paid a little after the default (or via bailiffs).
  const neverPaid = !performing && rng.chance(profile.book === 'mfo' ? 0.35 : 0.1);
  let dplp = sinceIssue;
  let lastPaymentAmount: number | null = null;
  let paidAmount = 0;
  let amountFor360Days = 0;
  if (!neverPaid) {
    const instalment = Math.max(
      300_00,
      Math.round((principal / (productType === 'Микрозайм' ? 2 : 24)) * rng.float(0.6, 1.3)),
    );
    const afterDefault = dpd > 0 && rng.chance(stage === 'Исполнительное производство' ? 0.35 : 0.18);
    if (afterDefault) {
      dplp = rng.int(1, Math.min(dpd, 700));
      lastPaymentAmount = Math.max(100_00, Math.round(instalment * rng.float(0.05, 0.5)));
    } else {
      // The first instalment falls due a week or more after the issue.
      dplp = Math.min(sinceIssue - 7, dpd + rng.int(performing ? 1 : 0, 45));
      lastPaymentAmount = instalment;
    }
    const repaid = Math.max(0, principal - amountTotal);
    paidAmount = Math.round(repaid * rng.float(1.1, 1.6)) + lastPaymentAmount;
    if (dplp <= 360) {
      const payments = afterDefault ? rng.int(1, 4) : Math.floor((360 - dplp) / 30) + 1;
      amountFor360Days = lastPaymentAmount * payments;
    }
    paidAmount = Math.max(paidAmount, amountFor360Days);
  }

  // Ages 21–75 at the registry date, and at least 18 when the loan was issued.
  const sex: 'male' | 'female' = rng.chance(0.52) ? 'male' : 'female';
  let age = Math.round(Math.min(75, Math.max(21, rng.normal(41, 11))));
  age = Math.min(75, Math.max(age, Math.ceil(sinceIssue / 365) + 19));
  // Well inside the year of age, so the debtor is still that age while the demo procedure lasts.
  const birthDate = day(profile.asOf, age * 365 + Math.floor(age / 4) + rng.int(0, 270));

  return {
    contractId: numbers.next(rng, issueDate),
    regionCode: rng.weighted(REGION_WEIGHTS),
    principal,
    amountTotal,
    amountBottomline,
    dpd,
    dplp,
    issueDate,
    lastPaymentDate: neverPaid ? null : day(profile.asOf, dplp),
    lastPaymentAmount,
    paidAmount,
    amountFor360Days,
    productType,
    loanKind,
    stage,
    firstCreditor: firstCreditorFor(rng, profile),
    birthDate,
    sex,
    enforcementOrderPlacement: placementFor(rng, stage),
    features: features(rng, { stage, product: productType, age, sex, dpd }),
  };
}

/** `count` debts of one portfolio. */
export function generateDebts(
  rng: Rng,
  profile: PortfolioProfile,
  count: number,
  numbers: ContractNumbers,
): Debt[] {
  return Array.from({ length: count }, () => generateDebt(rng, profile, numbers));
}
