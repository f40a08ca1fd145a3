/**
 * The check report of one upload (docs/decisions/0052): every error the validator finds is written, as it is
 * found, into an xlsx in the system's temporary directory (ingest.ts keeps only the first ones, for the reply).
 * A refused upload stores the file in `Storage` under `registry_reports/<id>.xlsx`; any other outcome removes it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RegistryError } from '@etp/domain';
import { SheetsWriter } from '@etp/xlsx';
import type { AppContext } from '../../appContext.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { deleteReport, insertReport } from './registries.queries.ts';

const HEADERS = ['Строка', 'Столбец', 'Заголовок', 'Значение', 'Ошибка'];
const WIDTHS = [10, 10, 30, 30, 70];

/** Where the ingestion sends the errors it finds (ingest.ts). */
export interface ErrorSink {
  add(error: RegistryError): void;
  /** A promise while the report's writing is behind: the reader waits for it. */
  congested(): Promise<void> | undefined;
}

export class CheckReport implements ErrorSink {
  count = 0;
  private writer: SheetsWriter | null = null;
  private readonly path = join(
    tmpdir(),
    `etp-registry-${process.pid}-report-${randomBytes(8).toString('hex')}.xlsx`,
  );

  /** @param maxRowsPerSheet rows per sheet before the next one (tests use small ones). */
  constructor(private readonly maxRowsPerSheet?: number) {}

  add(error: RegistryError): void {
    this.count += 1;
    // The file is made with the first error: most uploads have none.
    this.writer ??= this.open();
    this.writer.add([error.row, error.column, error.header, error.value, error.message]);
  }

  private open(): SheetsWriter {
    return new SheetsWriter(this.path, HEADERS, {
      sheetName: 'Ошибки',
      widths: WIDTHS,
      maxRowsPerSheet: this.maxRowsPerSheet,
    });
  }

  congested(): Promise<void> | undefined {
    return this.writer?.congested();
  }

  /** Finishes the file, moves it into the store and records it: the report id for the reply. */
  async store(
    ctx: AppContext,
    owner: { briefcaseId: number | null; companyId: number | null; userId: number },
  ): Promise<string> {
    const writer = this.writer ?? this.open();
    this.writer = null;
    const id = randomUUID();
    const storageKey = `registry_reports/${id}.xlsx`;
    try {
      await writer.finish();
      await storageOf(ctx).putFile(storageKey, this.path);
      await insertReport(ctx.db, { id, ...owner, storageKey, errorsCount: this.count });
    } catch (error) {
      await writer.abort();
      await storageOf(ctx).delete(storageKey);
      await rm(this.path, { force: true });
      throw error;
    }
    return id;
  }

  /** Stops writing and removes the file; nothing is left of a report that is not stored. Idempotent. */
  async discard(): Promise<void> {
    const writer = this.writer;
    this.writer = null;
    await writer?.abort();
    await rm(this.path, { force: true });
  }
}

/** Deletes a stored check report (its row and its file); nothing when `id` is null or already gone. */
export async function dropReport(ctx: AppContext, id: string | null): Promise<void> {
  if (id === null) return;
  const row = await deleteReport(ctx.db, id);
  if (row) await storageOf(ctx).delete(row.storageKey);
}
