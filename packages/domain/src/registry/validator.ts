/**
 * Row validation: a registry row (cells by column) to a de-personalised `Debt`, collecting every error of every
 * cell (decisions/0042). Duplicate contract ids are found by the validator's own state.
 */
import {
  ATTRIBUTE_BY_VALUE,
  type AttributeKind,
  type AttributeValue,
  REQUIRED_ATTRIBUTES,
} from './attributes.ts';
import { MSG } from './messages.ts';
import {
  Invalid,
  parseDate,
  parseDays,
  parseFlag,
  parseIssuenceForm,
  parseLotNumber,
  parseMoney,
  parseRegion,
  parseSex,
  parseText,
} from './normalize.ts';
import { type Cell, cellText, columnLetter, type Debt, FEATURE_KEYS, type RegistryError } from './types.ts';

/** Up to this many errors the upload reply lists them inline; past it only the check report and MSG.manyErrors. */
export const REGISTRY_ERRORS_INLINE_LIMIT = 50;

export interface RowValidator {
  /** The row's debt, or null when it has any error (the errors are appended to `errors`). */
  validate(cells: readonly Cell[], rowNumber: number): Debt | null;
  readonly errors: RegistryError[];
  readonly errorCount: number;
  /** Rows that gave a debt. */
  readonly validCount: number;
}

interface Column {
  index: number;
  value: AttributeValue;
  kind: AttributeKind;
  required: boolean;
  letter: string;
  header: string;
}

type Draft = Omit<Debt, 'contractId' | 'amountTotal' | 'amountBottomline'> & {
  contractId: string | null;
  amountTotal: number | null;
  amountBottomline: number | null;
};

const FIELD: Partial<Record<AttributeValue, keyof Draft>> = {
  contract_id: 'contractId',
  lot_number: 'lotNumber',
  region_code: 'regionCode',
  amount_total: 'amountTotal',
  amount_bottomline: 'amountBottomline',
  principal: 'principal',
  dpd: 'dpd',
  dplp: 'dplp',
  issue_date: 'issueDate',
  last_payment_date: 'lastPaymentDate',
  last_payment_amount: 'lastPaymentAmount',
  paid_amount: 'paidAmount',
  amount_for_360_days: 'amountFor360Days',
  product_type: 'productType',
  loan_kind: 'loanKind',
  stage: 'stage',
  first_creditor: 'firstCreditor',
  birth_date: 'birthDate',
  sex: 'sex',
  enforcement_order_placement: 'enforcementOrderPlacement',
};

function parse(kind: AttributeKind, cell: Cell | undefined): unknown {
  switch (kind) {
    case 'text':
      return parseText(cell);
    case 'money':
      return parseMoney(cell);
    case 'integer':
      return parseDays(cell);
    case 'date':
      return parseDate(cell);
    case 'region':
      return parseRegion(cell);
    case 'sex':
      return parseSex(cell);
    case 'flag':
      return parseFlag(cell);
    case 'lot_number':
      return parseLotNumber(cell);
    case 'issuence_form':
      return parseIssuenceForm(cell);
  }
}

function emptyFeatures(): Debt['features'] {
  const out = {} as Debt['features'];
  for (const key of FEATURE_KEYS) out[key] = false;
  return out;
}

/**
 * @param map the attribute of each column (null: ignored); an attribute must appear at most once.
 * @param headers the file's header texts by column, for the error rows.
 */
export function createRowValidator(
  map: readonly (AttributeValue | null)[],
  headers: readonly Cell[],
): RowValidator {
  const columns: Column[] = [];
  map.forEach((value, index) => {
    if (value === null) return;
    const attr = ATTRIBUTE_BY_VALUE.get(value);
    if (!attr) return;
    columns.push({
      index,
      value,
      kind: attr.kind,
      required: attr.required,
      letter: columnLetter(index),
      header: cellText(headers[index]) || attr.text,
    });
  });
  // The caller refuses a map without a required attribute (TemplateMatch.missingRequired); if it does not, every
  // row says so rather than vanish.
  const missingRequired = REQUIRED_ATTRIBUTES.filter((v) => !columns.some((c) => c.value === v)).map(
    (v) => ATTRIBUTE_BY_VALUE.get(v)?.text ?? v,
  );
  const contractColumn = columns.find((c) => c.value === 'contract_id');
  const totalColumn = columns.find((c) => c.value === 'amount_total');
  const firstRowOf = new Map<string, number>();
  const errors: RegistryError[] = [];
  let validCount = 0;

  const fail = (row: number, column: Column | undefined, cell: Cell | undefined, message: string) => {
    errors.push({
      row,
      column: column?.letter ?? '',
      header: column?.header ?? '',
      value: cellText(cell),
      message,
    });
  };

  return {
    errors,
    get errorCount() {
      return errors.length;
    },
    get validCount() {
      return validCount;
    },
    validate(cells, rowNumber) {
      const before = errors.length;
      const draft: Draft = {
        contractId: null,
        lotNumber: null,
        regionCode: null,
        amountTotal: null,
        amountBottomline: null,
        principal: null,
        dpd: null,
        dplp: null,
        issueDate: null,
        lastPaymentDate: null,
        lastPaymentAmount: null,
        paidAmount: null,
        amountFor360Days: null,
        productType: null,
        loanKind: null,
        stage: null,
        firstCreditor: null,
        birthDate: null,
        sex: null,
        enforcementOrderPlacement: null,
        features: emptyFeatures(),
      };
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        const cell = cells[column.index];
        const value = parse(column.kind, cell);
        if (value instanceof Invalid) {
          fail(rowNumber, column, cell, value.message);
          continue;
        }
        if (value === null) {
          if (column.required) fail(rowNumber, column, cell, MSG.required);
          continue;
        }
        if (column.kind === 'flag') {
          draft.features[column.value as keyof Debt['features']] = value as boolean;
        } else if (column.kind === 'issuence_form') {
          draft.features[value as 'e_form' | 'paper_form'] = true;
        } else {
          const field = FIELD[column.value];
          if (field) (draft as unknown as Record<string, unknown>)[field] = value;
        }
      }
      for (const missing of missingRequired)
        errors.push({ row: rowNumber, column: '', header: missing, value: '', message: MSG.required });
      if (draft.contractId !== null) {
        const first = firstRowOf.get(draft.contractId);
        if (first === undefined) firstRowOf.set(draft.contractId, rowNumber);
        else
          fail(rowNumber, contractColumn, draft.contractId, MSG.duplicateContract(draft.contractId, first));
      }
      if (
        draft.amountTotal !== null &&
        draft.amountBottomline !== null &&
        draft.amountBottomline < draft.amountTotal
      ) {
        fail(rowNumber, totalColumn, cells[totalColumn?.index ?? -1], MSG.bottomlineBelowTotal);
      }
      if (errors.length !== before) return null;
      if (draft.contractId === null || draft.amountTotal === null || draft.amountBottomline === null)
        return null;
      validCount += 1;
      return draft as Debt;
    },
  };
}
