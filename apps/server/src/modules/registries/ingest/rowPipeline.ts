/**
 * What happens to each data row of a registry once its headers are known: the personal-data scan, validation,
 * analytics, the typed columns for lotting, and the de-personalised debt handed to the row writer for storing
 * (rows.ts).
 */
import {
  type AnalyticsAccumulator,
  type AttributeValue,
  type Cell,
  createAnalytics,
  createDebtColumnsBuilder,
  createPersonalDataScanner,
  createRowValidator,
  type DebtColumns,
  type DebtColumnsBuilder,
  type PersonalDataScanner,
  REGISTRY_ATTRIBUTES,
  REGISTRY_ERRORS_INLINE_LIMIT,
  type RegistryError,
  type RowValidator,
} from '@etp/domain';
import type { PersonalDataFindingJson } from '../../../db/schema/index.ts';
import type { RegistryTotals } from './ingest.queries.ts';
import type { RegistryRowWriter } from './rows.ts';

/** Where the reading sends the errors it finds (the check report). */
export interface ErrorSink {
  add(error: RegistryError): void;
  /** A promise while the report's writing is behind: the reader waits for it. */
  congested(): Promise<void> | undefined;
}

/** A row of empty cells is no debt. */
export function isEmptyRow(raw: readonly Cell[]): boolean {
  for (const c of raw) if (c !== null && c !== '') return false;
  return true;
}

export interface RowPipelineOptions {
  /** The header row as read: the personal-data scanner names columns by it. */
  headerRow: readonly Cell[];
  headers: string[];
  /** Column index → attribute, the dropped columns already null. */
  map: (AttributeValue | null)[];
  /** Columns (0-based) whose cells are blanked before validation. */
  drop: ReadonlySet<number>;
  /** The registry's date for ages; default today. */
  asOf?: string;
  report?: ErrorSink;
  /** The rows' store, or null when the registry is checked only. */
  writer: RegistryRowWriter | null;
}

/** One registry's data rows, row by row, with everything that is counted along the way. */
export class RowPipeline {
  /** Rows with values read past the headers. */
  private dataRows = 0;
  /** Filled cells of the analytic columns, for the registry's filling percentage. */
  private filledCells = 0;
  /** The first errors, for the reply; every one goes to the report, so memory does not grow with them. */
  readonly firstErrors: RegistryError[] = [];
  private validator: RowValidator | null;
  private errorCountAtEnd = 0;
  private readonly scanner: PersonalDataScanner;
  private readonly analytics: AnalyticsAccumulator;
  private readonly columns: DebtColumnsBuilder = createDebtColumnsBuilder();
  /** The columns whose filling is counted (attributes marked `analytics`). */
  private readonly analyticColumns: number[];
  /** The row with the dropped columns blanked, reused from row to row. */
  private readonly cells: Cell[] = [];

  constructor(private readonly options: RowPipelineOptions) {
    const { map, headers, headerRow } = options;
    this.analytics = createAnalytics(options.asOf ? { asOf: options.asOf } : {});
    this.validator = createRowValidator(map, headers, { onError: (error) => this.onError(error) });
    this.scanner = createPersonalDataScanner(headerRow.slice(0, headers.length));
    this.analyticColumns = map.flatMap((v, i) =>
      v && REGISTRY_ATTRIBUTES.find((a) => a.value === v)?.analytics ? [i] : [],
    );
  }

  private onError(error: RegistryError): void {
    if (this.firstErrors.length < REGISTRY_ERRORS_INLINE_LIMIT) this.firstErrors.push(error);
    this.options.report?.add(error);
  }

  /** One data row (not empty); its debt is kept only while the registry has no error at all. */
  take(raw: Cell[], rowNumber: number): void {
    const validator = this.validator!;
    const { drop } = this.options;
    this.dataRows += 1;
    this.scanner.scan(raw, rowNumber);
    // The reader's row has no holes; it is copied only when columns are dropped.
    let row = raw;
    if (drop.size > 0) {
      const cells = this.cells;
      cells.length = 0;
      for (let i = 0; i < raw.length; i++) cells.push(drop.has(i) ? null : (raw[i] ?? null));
      row = cells;
    }
    for (const i of this.analyticColumns) {
      const c = row[i];
      if (c !== null && c !== undefined && c !== '') this.filledCells += 1;
    }
    const debt = validator.validate(row, rowNumber);
    if (!debt || validator.errorCount > 0) return;
    this.analytics.add(debt);
    this.columns.add(debt);
    this.options.writer?.add(debt, rowNumber);
  }

  /**
   * The last row was read: the validator's contract-id index (~60 MB for a million rows) is let go before the last
   * batches are stored and the columns are built. Returns the registry's error count.
   */
  endValidation(): number {
    if (this.validator) {
      this.errorCountAtEnd = this.validator.errorCount;
      this.validator = null;
    }
    return this.errorCountAtEnd;
  }

  findings(): PersonalDataFindingJson[] {
    return this.scanner.findings().map((f) => ({
      column: f.column,
      columnIndex: f.columnIndex,
      header: f.header,
      kind: f.kind,
      count: f.count,
      rows: f.rows,
    }));
  }

  /** The debts as typed columns, for lotting (call once). */
  buildColumns(): DebtColumns {
    return this.columns.build();
  }

  /** The registry's totals and analytics; the start price is the lotting's, set later. */
  totals(): RegistryTotals {
    const totals = this.analytics.totals();
    return {
      itemsCount: totals.items_count,
      amountTotal: totals.amount_total,
      amountBottomline: totals.amount_bottomline,
      amountMean: totals.amount_mean,
      bottomlineMean: totals.bottomline_mean,
      startPrice: 0,
      dpd: totals.dpd,
      dplp: totals.dplp,
      fillingPercent:
        this.dataRows === 0 || this.analyticColumns.length === 0
          ? 0
          : Math.round(
              (this.filledCells / (this.dataRows * REGISTRY_ATTRIBUTES.filter((a) => a.analytics).length)) *
                10_000,
            ) / 100,
      analytics: this.analytics.result() as unknown as Record<string, unknown>,
    };
  }
}
