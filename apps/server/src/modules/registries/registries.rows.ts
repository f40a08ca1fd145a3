/**
 * Stores de-personalised debts in `registry_rows` in batches: each batch is one INSERT ... SELECT FROM unnest()
 * with one array parameter per column (works the same on PostgreSQL and PGlite, no per-row parameters). One
 * batch may be in flight while the next is filled, so parsing and storing overlap.
 */
import type { Debt } from '@etp/domain';
import type { RawSession } from './registries.raw.ts';

/** Batches queued behind the database before reading pauses: memory stays bounded whatever the file's size. */
const MAX_QUEUED_BATCHES = 2;
/** 10,000 rows: 20,000 held ~50 MB more at the peak of a million-row ingestion for ~5 % less CPU (decisions/0051). */
const BATCH_ROWS = 10_000;

const INSERT_ROWS = `insert into registry_rows (briefcase_id, row_number, contract_id, lot_number, region_code,
  amount_total, amount_bottomline, principal, dpd, dplp, issue_date, last_payment_date, last_payment_amount,
  paid_amount, amount_for_360_days, product_type, loan_kind, stage, first_creditor, birth_date, sex,
  enforcement_order_placement, features)
select $1, * from unnest($2::int[], $3::text[], $4::int[], $5::smallint[], $6::bigint[], $7::bigint[],
  $8::bigint[], $9::int[], $10::int[], $11::date[], $12::date[], $13::bigint[], $14::bigint[], $15::bigint[],
  $16::text[], $17::text[], $18::text[], $19::text[], $20::date[], $21::text[], $22::text[], $23::jsonb[])`;

type Columns = unknown[][];

const quote = (value: string) => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/**
 * A column as a PostgreSQL array literal: a queued batch then holds one string per column instead of thousands
 * of JS values (the reader cannot wait for the database, so batches may queue up).
 */
export function arrayLiteral(values: readonly unknown[]): string {
  // join() makes one flat string; `+=` would leave a rope of a node per piece until the driver flattens it.
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    parts[i] = v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : quote(String(v));
  }
  return `{${parts.join(',')}}`;
}

const COLUMN_COUNT = 22;

const COPY_ROWS = `copy registry_rows (briefcase_id, row_number, contract_id, lot_number, region_code, amount_total,
  amount_bottomline, principal, dpd, dplp, issue_date, last_payment_date, last_payment_amount, paid_amount,
  amount_for_360_days, product_type, loan_kind, stage, first_creditor, birth_date, sex,
  enforcement_order_placement, features) from '/dev/blob'`;

const copyText = (value: string) =>
  value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );

/** A batch as COPY text format: one line per row, tab-separated, \\N for null. */
export function copyData(briefcaseId: number, columns: readonly unknown[][], count: number): string {
  const lines = new Array<string>(count);
  const id = String(briefcaseId);
  for (let r = 0; r < count; r++) {
    const cells = new Array<string>(columns.length + 1);
    cells[0] = id;
    for (let c = 0; c < columns.length; c++) {
      const v = columns[c]![r];
      cells[c + 1] =
        v === null || v === undefined ? '\\N' : typeof v === 'number' ? String(v) : copyText(String(v));
    }
    lines[r] = cells.join('\t');
  }
  return `${lines.join('\n')}\n`;
}

function emptyColumns(): Columns {
  return Array.from({ length: COLUMN_COUNT }, () => []);
}

export class RegistryRowWriter {
  private columns = emptyColumns();
  private count = 0;
  private inFlight: Promise<void> = Promise.resolve();
  /** One promise per batch sent and not yet stored, oldest first. */
  private readonly queued: Promise<void>[] = [];
  private failure: unknown = null;
  private readonly featuresJson = new Map<string, string>();
  written = 0;

  constructor(
    private readonly session: RawSession,
    private readonly briefcaseId: number,
  ) {}

  /** The features object as JSON, with only the present flags; identical sets share one string. */
  private features(features: Record<string, boolean>): string {
    let key = '';
    for (const name in features) if (features[name]) key += `${name},`;
    let json = this.featuresJson.get(key);
    if (json === undefined) {
      const present: Record<string, true> = {};
      for (const name of key.split(',')) if (name) present[name] = true;
      json = JSON.stringify(present);
      this.featuresJson.set(key, json);
    }
    return json;
  }

  /** Queues the debt; a full batch is sent after the ones before it (synchronous: the reader cannot wait). */
  add(debt: Debt, rowNumber: number): void {
    const c = this.columns;
    c[0]!.push(rowNumber);
    c[1]!.push(debt.contractId);
    c[2]!.push(debt.lotNumber ?? null);
    c[3]!.push(debt.regionCode ?? null);
    c[4]!.push(debt.amountTotal);
    c[5]!.push(debt.amountBottomline);
    c[6]!.push(debt.principal ?? null);
    c[7]!.push(debt.dpd ?? null);
    c[8]!.push(debt.dplp ?? null);
    c[9]!.push(debt.issueDate ?? null);
    c[10]!.push(debt.lastPaymentDate ?? null);
    c[11]!.push(debt.lastPaymentAmount ?? null);
    c[12]!.push(debt.paidAmount ?? null);
    c[13]!.push(debt.amountFor360Days ?? null);
    c[14]!.push(debt.productType ?? null);
    c[15]!.push(debt.loanKind ?? null);
    c[16]!.push(debt.stage ?? null);
    c[17]!.push(debt.firstCreditor ?? null);
    c[18]!.push(debt.birthDate ?? null);
    c[19]!.push(debt.sex ?? null);
    c[20]!.push(debt.enforcementOrderPlacement ?? null);
    c[21]!.push(this.features(debt.features as Record<string, boolean>));
    this.count += 1;
    if (this.count >= BATCH_ROWS) this.flushBatch();
  }

  private flushBatch(): void {
    if (this.count === 0) return;
    const count = this.count;
    const session = this.session;
    const send: () => Promise<unknown> = session.copyFrom
      ? (
          (data) => () =>
            session.copyFrom!(COPY_ROWS, data)
        )(copyData(this.briefcaseId, this.columns, count))
      : (
          (params) => () =>
            session.query(INSERT_ROWS, params)
        )([this.briefcaseId, ...this.columns.map(arrayLiteral)]);
    this.columns = emptyColumns();
    this.count = 0;
    this.inFlight = this.inFlight
      .then(() => (this.failure ? undefined : send()))
      .then(
        () => {
          if (!this.failure) this.written += count;
        },
        (error: unknown) => {
          this.failure = error;
        },
      )
      .finally(() => {
        this.queued.shift();
      });
    this.queued.push(this.inFlight);
  }

  /**
   * Past MAX_QUEUED_BATCHES batches waiting for the database, the oldest one to wait for before reading on
   * (the reader's backpressure hook); otherwise undefined.
   */
  congested(): Promise<void> | undefined {
    return this.queued.length > MAX_QUEUED_BATCHES ? this.queued[0] : undefined;
  }

  /** Sends what is left and waits until every batch is stored. */
  async finish(): Promise<void> {
    this.flushBatch();
    await this.inFlight;
    if (this.failure) throw this.failure;
  }

  /** Waits for the batch in flight before the transaction is rolled back. */
  async abandon(): Promise<void> {
    await this.inFlight;
  }
}
