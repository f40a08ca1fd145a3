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
import { FEATURE_BIT } from './columns.ts';
import { ContractIdIndex } from './contractIds.ts';
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
import {
  type Cell,
  cellText,
  columnLetter,
  type Debt,
  type FeatureKey,
  type RegistryError,
} from './types.ts';

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
  parse: (cell: Cell | undefined) => unknown;
  set: Setter;
  /** The feature bit of a yes/no column, 0 for the others. */
  bit: number;
  required: boolean;
  letter: string;
  header: string;
}

type Draft = Omit<Debt, 'contractId' | 'amountTotal' | 'amountBottomline'> & {
  contractId: string | null;
  amountTotal: number | null;
  amountBottomline: number | null;
};

type Setter = (d: Draft, v: never) => void;

/** One monomorphic store per attribute (flags and the issuance form go to the row's bit set instead). */
const SETTERS: Readonly<Partial<Record<AttributeValue, Setter>>> = {
  contract_id: (d, v: string) => {
    d.contractId = v;
  },
  lot_number: (d, v: number) => {
    d.lotNumber = v;
  },
  region_code: (d, v: number) => {
    d.regionCode = v;
  },
  amount_total: (d, v: number) => {
    d.amountTotal = v;
  },
  amount_bottomline: (d, v: number) => {
    d.amountBottomline = v;
  },
  principal: (d, v: number) => {
    d.principal = v;
  },
  dpd: (d, v: number) => {
    d.dpd = v;
  },
  dplp: (d, v: number) => {
    d.dplp = v;
  },
  issue_date: (d, v: string) => {
    d.issueDate = v;
  },
  last_payment_date: (d, v: string) => {
    d.lastPaymentDate = v;
  },
  last_payment_amount: (d, v: number) => {
    d.lastPaymentAmount = v;
  },
  paid_amount: (d, v: number) => {
    d.paidAmount = v;
  },
  amount_for_360_days: (d, v: number) => {
    d.amountFor360Days = v;
  },
  product_type: (d, v: string) => {
    d.productType = v;
  },
  loan_kind: (d, v: string) => {
    d.loanKind = v;
  },
  stage: (d, v: string) => {
    d.stage = v;
  },
  first_creditor: (d, v: string) => {
    d.firstCreditor = v;
  },
  birth_date: (d, v: string) => {
    d.birthDate = v;
  },
  sex: (d, v: Debt['sex']) => {
    d.sex = v;
  },
  enforcement_order_placement: (d, v: string) => {
    d.enforcementOrderPlacement = v;
  },
};

const PARSERS: Readonly<Record<AttributeKind, (cell: Cell | undefined) => unknown>> = {
  text: parseText,
  money: parseMoney,
  integer: parseDays,
  date: parseDate,
  region: parseRegion,
  sex: parseSex,
  flag: parseFlag,
  lot_number: parseLotNumber,
  issuence_form: parseIssuenceForm,
};

/** Text of at most `max` characters; longer is an error naming the limit. */
function boundedText(max: number) {
  return (cell: Cell | undefined): string | null | Invalid => {
    const text = parseText(cell);
    return text !== null && text.length > max ? new Invalid(MSG.textTooLong(max, text.length)) : text;
  };
}

const NO_FEATURES: Debt['features'] = featuresOf(0);

/** The features object of a bit set: one literal, so every debt's features share a shape. */
function featuresOf(b: number): Debt['features'] {
  return {
    dead: (b & 1) !== 0,
    bankruptcy: (b & 2) !== 0,
    court_order: (b & 4) !== 0,
    enforcement_proceedings: (b & 8) !== 0,
    enforcement_proceedings_3_years: (b & 16) !== 0,
    fraud: (b & 32) !== 0,
    disability: (b & 64) !== 0,
    mls: (b & 128) !== 0,
    military_service: (b & 256) !== 0,
    interact_refusal: (b & 512) !== 0,
    impossibility_act: (b & 1024) !== 0,
    secured_liability: (b & 2048) !== 0,
    presence_participants: (b & 4096) !== 0,
    phones: (b & 8192) !== 0,
    e_form: (b & 16384) !== 0,
    paper_form: (b & 32768) !== 0,
  };
}

export interface RowValidatorOptions {
  /**
   * Receives every error instead of `errors` keeping them (which then stays empty; `errorCount` still counts), so a
   * file with a million bad cells can stream them to its check report without holding them.
   */
  onError?: (error: RegistryError) => void;
}

/**
 * @param map the attribute of each column (null: ignored); an attribute must appear at most once.
 * @param headers the file's header texts by column, for the error rows.
 */
export function createRowValidator(
  map: readonly (AttributeValue | null)[],
  headers: readonly Cell[],
  options: RowValidatorOptions = {},
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
      parse: attr.maxLength ? boundedText(attr.maxLength) : PARSERS[attr.kind],
      set: SETTERS[value] ?? (() => {}),
      bit: attr.kind === 'flag' ? FEATURE_BIT[value as FeatureKey] : 0,
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
  const bottomlineColumn = columns.find((c) => c.value === 'amount_bottomline');
  const firstRowOf = new ContractIdIndex();
  const errors: RegistryError[] = [];
  const report = options.onError ?? ((error: RegistryError) => errors.push(error));
  let errorCount = 0;
  let validCount = 0;

  const fail = (row: number, column: Column | undefined, cell: Cell | undefined, message: string) => {
    errorCount += 1;
    report({
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
      return errorCount;
    },
    get validCount() {
      return validCount;
    },
    validate(cells, rowNumber) {
      const before = errorCount;
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
        features: NO_FEATURES,
      };
      let bits = 0;
      for (let i = 0; i < columns.length; i++) {
        const column = columns[i]!;
        const cell = cells[column.index];
        const value = column.parse(cell);
        if (value instanceof Invalid) {
          fail(rowNumber, column, cell, value.message);
          continue;
        }
        if (value === null) {
          if (column.required) fail(rowNumber, column, cell, MSG.required);
          continue;
        }
        if (column.bit !== 0) {
          if (value === true) bits |= column.bit;
        } else if (column.kind === 'issuence_form') {
          bits |= value === 'e_form' ? FEATURE_BIT.e_form : FEATURE_BIT.paper_form;
        } else column.set(draft, value as never);
      }
      for (const missing of missingRequired)
        fail(rowNumber, { letter: '', header: missing } as Column, null, MSG.required);
      if (draft.contractId !== null) {
        const first = firstRowOf.firstRowOrAdd(draft.contractId, rowNumber);
        if (first !== 0)
          fail(rowNumber, contractColumn, draft.contractId, MSG.duplicateContract(draft.contractId, first));
      }
      if (
        draft.amountTotal !== null &&
        draft.amountBottomline !== null &&
        draft.amountBottomline < draft.amountTotal
      ) {
        // The ОСЗ is what is wrong (it includes the ОД): the report points at its cell.
        fail(rowNumber, bottomlineColumn, cells[bottomlineColumn?.index ?? -1], MSG.bottomlineBelowTotal);
      }
      if (errorCount !== before) return null;
      if (draft.contractId === null || draft.amountTotal === null || draft.amountBottomline === null)
        return null;
      validCount += 1;
      // The draft becomes the debt: one object (and its features) per row.
      draft.features = featuresOf(bits);
      return draft as Debt;
    },
  };
}
