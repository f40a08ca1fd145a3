/**
 * Stores de-personalised debts in `registry_rows` in batches: each batch is one COPY of text-format rows (from
 * STDIN on PostgreSQL, from a blob on PGlite; decisions/0051). One batch may be in flight while the next is filled,
 * so parsing and storing overlap.
 */
import { type Debt, FEATURE_BIT, FEATURE_KEYS, featureBits } from '@etp/domain';
import { CopyTextBuffer } from './copy.ts';
import { copyRegistryRows } from './ingest.queries.ts';
import type { RawSession } from './rawSession.ts';

/** Batches queued behind the database before reading pauses: memory stays bounded whatever the file's size. */
const MAX_QUEUED_BATCHES = 2;
/** Rows per COPY: about 1.7 MB of text (decisions/0051). */
const BATCH_ROWS = 10_000;

export class RegistryRowWriter {
  private readonly rows = new CopyTextBuffer(BATCH_ROWS * 192);
  private count = 0;
  private inFlight: Promise<void> = Promise.resolve();
  /** One promise per batch sent and not yet stored, oldest first. */
  private readonly queued: Promise<void>[] = [];
  private failure: unknown = null;
  private readonly featuresJson = new Map<number, string>();
  written = 0;

  constructor(
    private readonly session: RawSession,
    private readonly briefcaseId: number,
  ) {}

  /** The features object as JSON, with only the present flags; identical sets share one string. */
  private features(features: Debt['features']): string {
    const bits = featureBits(features);
    let json = this.featuresJson.get(bits);
    if (json === undefined) {
      const present: Record<string, true> = {};
      for (const key of FEATURE_KEYS) if (bits & FEATURE_BIT[key]) present[key] = true;
      json = JSON.stringify(present);
      this.featuresJson.set(bits, json);
    }
    return json;
  }

  /** Queues the debt; a full batch is sent after the ones before it (synchronous: the reader cannot wait). */
  add(debt: Debt, rowNumber: number): void {
    const r = this.rows;
    r.int(this.briefcaseId);
    r.int(rowNumber);
    r.text(debt.contractId);
    r.int(debt.lotNumber);
    r.int(debt.regionCode);
    r.int(debt.amountTotal);
    r.int(debt.amountBottomline);
    r.int(debt.principal);
    r.int(debt.dpd);
    r.int(debt.dplp);
    r.text(debt.issueDate);
    r.text(debt.lastPaymentDate);
    r.int(debt.lastPaymentAmount);
    r.int(debt.paidAmount);
    r.int(debt.amountFor360Days);
    r.text(debt.productType, true);
    r.text(debt.loanKind, true);
    r.text(debt.stage, true);
    r.text(debt.firstCreditor, true);
    r.text(debt.birthDate);
    r.text(debt.sex, true);
    r.text(debt.enforcementOrderPlacement, true);
    r.text(this.features(debt.features), true);
    r.endRow();
    this.count += 1;
    if (this.count >= BATCH_ROWS) this.flushBatch();
  }

  private flushBatch(): void {
    if (this.count === 0) return;
    const count = this.count;
    const session = this.session;
    const data = this.rows.take();
    const send = () => copyRegistryRows(session, data);
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
