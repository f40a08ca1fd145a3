/** Shapes shared by the registry's pure code: a cell as the xlsx reader gives it, a de-personalised debt, an error. */

/** One spreadsheet cell as `@etp/xlsx` reads it (dates in date-styled cells already ISO text). */
export type Cell = string | number | boolean | null;

/**
 * Feature flags of a debt (spec 2 §3 Analytics and Lot): what the template's yes/no columns say, plus the issuance
 * form split into `e_form` / `paper_form` and `phones` (the registry says a phone of the debtor is known).
 */
/** The template's yes/no columns, one feature flag each. */
export const FLAG_COLUMNS = [
  'dead',
  'bankruptcy',
  'court_order',
  'enforcement_proceedings',
  'enforcement_proceedings_3_years',
  'fraud',
  'disability',
  'mls',
  'military_service',
  'interact_refusal',
  'impossibility_act',
  'secured_liability',
  'presence_participants',
  'phones',
] as const;

export const FEATURE_KEYS = [...FLAG_COLUMNS, 'e_form', 'paper_form'] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export type Sex = 'male' | 'female';

/**
 * One de-personalised registry row: exactly the columns of `registry_rows` (apps/server/src/db/schema/briefcases.ts)
 * except ids. Money is integer kopecks, dates ISO 'YYYY-MM-DD'; null where the registry left the cell empty.
 */
export interface Debt {
  contractId: string;
  lotNumber: number | null;
  regionCode: number | null;
  /** ОД: the outstanding principal. */
  amountTotal: number;
  /** ОСЗ: the whole outstanding debt. */
  amountBottomline: number;
  principal: number | null;
  dpd: number | null;
  dplp: number | null;
  issueDate: string | null;
  lastPaymentDate: string | null;
  lastPaymentAmount: number | null;
  paidAmount: number | null;
  amountFor360Days: number | null;
  productType: string | null;
  loanKind: string | null;
  stage: string | null;
  firstCreditor: string | null;
  birthDate: string | null;
  sex: Sex | null;
  enforcementOrderPlacement: string | null;
  features: Record<FeatureKey, boolean>;
}

/** One problem of one cell (or of a row, then `column` is ''), as the check report lists it. */
export interface RegistryError {
  /** Excel row number, 1-based. */
  row: number;
  /** Excel column letter ('A', 'AB'), '' for a whole-row problem. */
  column: string;
  header: string;
  /** The cell's value as text ('' when empty). */
  value: string;
  message: string;
}

/** Excel's column letter of a 0-based column index: 0 → 'A', 25 → 'Z', 26 → 'AA'. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** A cell's text for messages and reports. */
export function cellText(cell: Cell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'ИСТИНА' : 'ЛОЖЬ';
  return String(cell);
}
