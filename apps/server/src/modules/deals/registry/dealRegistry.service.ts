/**
 * GET /api/v1/deals/:id/registry (decisions/0264): the lot's registry for the buying company, made once per deal in
 * a file worker and kept in the storage. From the registry file the seller uploaded when it is kept (the lot's rows
 * with every column, the personal-data columns only when the seller declared them), else from the stored rows in
 * the template's columns. Each download is in the seller's download history; the first closes the deal.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import type { Cell } from '@etp/xlsx';
import type { AppContext } from '../../../appContext.ts';
import type { DealRow } from '../../../db/schema/index.ts';
import { FileJobRefusal, filePool } from '../../../files/filePool.ts';
import { AppError, forbidden, notFound } from '../../../http/errors.ts';
import { storageOf } from '../../../storage/storageOf.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import { recordDownload } from '../../documents/documents.queries.ts';
import { lotTitle } from '../../events/events.messages.ts';
import { loadRegistrySnapshot } from '../../registries/ingest/snapshot.queries.ts';
import { decodeAssignment } from '../../registries/ingest/snapshot.ts';
import { keptRegistryPath } from '../../registries/upload/keptFiles.ts';
import { DEAL_TEXTS } from '../deals.messages.ts';
import { dealRoleOf } from '../deals.policy.ts';
import { findDeal, findDealFacts } from '../deals.queries.ts';
import { actOnDeal, viewerOf } from '../deals.service.ts';
import { DEAL_REGISTRY_TEXTS as T } from './dealRegistry.messages.ts';
import { dealRegistryReady } from './dealRegistry.policy.ts';
import { findLotLayout, findRegistryRowsPage, findRegistrySource } from './dealRegistry.queries.ts';
import type { DealRegistryJob } from './registryFile.ts';

const PAGE_ROWS = 5000;

type RegistryRowRecord = Awaited<ReturnType<typeof findRegistryRowsPage>>[number];
const storageKeyOf = (dealId: number) => `deal_registries/${dealId}.xlsx`;

type Source = NonNullable<Awaited<ReturnType<typeof findRegistrySource>>>;

/** Which stored rows are the lot's: all (the whole portfolio), those carrying its id (seeded), or by assignment. */
interface Selection {
  briefcaseId: number;
  lotId: number | null;
  /** The lot's index in the procedure's lot assignment, with the assignment; null: no filtering by it. */
  index: number | null;
  assignment: Int32Array | null;
}

async function selectionOf(ctx: AppContext, source: Source): Promise<Selection> {
  const all = { briefcaseId: source.briefcaseId, lotId: null, index: null, assignment: null };
  if (source.composite) return all;
  const layout = await findLotLayout(ctx.db, source.briefcaseId);
  if (layout.seeded) return { ...all, lotId: source.id };
  const { assignment } = await loadRegistrySnapshot(ctx.db, 'briefcases', source.briefcaseId);
  if (!assignment) return layout.regularLotIds.length === 1 ? all : { ...all, index: -1 };
  return { ...all, index: layout.regularLotIds.indexOf(source.id), assignment: decodeAssignment(assignment) };
}

/** The lot's stored rows in registry order, a page at a time. */
async function* lotRows(ctx: AppContext, selection: Selection): AsyncGenerator<RegistryRowRecord[]> {
  let after = 0;
  let position = 0;
  for (;;) {
    const page = await findRegistryRowsPage(ctx.db, selection.briefcaseId, selection.lotId, after, PAGE_ROWS);
    if (page.length === 0) return;
    after = page[page.length - 1]!.rowNumber;
    if (selection.index === null) {
      yield page;
      continue;
    }
    const mine = page.filter((_, i) => selection.assignment?.[position + i] === selection.index);
    position += page.length;
    if (mine.length > 0) yield mine;
  }
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const russianDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** A stored row in the template's columns (REGISTRY_ATTRIBUTES): money in rubles, dates as ДД.ММ.ГГГГ. */
function templateCells(row: RegistryRowRecord): Cell[] {
  const record = row as unknown as Record<string, unknown>;
  return REGISTRY_ATTRIBUTES.map((attribute) => {
    const key = camel(attribute.value);
    if (!(key in record)) return row.features[attribute.value] ? 'Да' : null;
    const value = record[key];
    if (value === null || value === undefined) return null;
    if (attribute.kind === 'money') return (value as number) / 100;
    if (attribute.kind === 'date') return russianDate(String(value));
    if (attribute.kind === 'sex') return value === 'male' ? 'М' : 'Ж';
    return value as Cell;
  });
}

/** Makes the lot's registry file in a file worker and puts it in the storage under the deal's key. */
async function makeRegistry(ctx: AppContext, deal: DealRow, key: string): Promise<void> {
  const source = await findRegistrySource(ctx.db, deal.lotId);
  if (!source) throw notFound(DEAL_TEXTS.notFound);
  const selection = await selectionOf(ctx, source);
  const outPath = join(tmpdir(), `etp-deal-registry-${process.pid}-${randomBytes(8).toString('hex')}.xlsx`);
  let job: DealRegistryJob;
  const pages = lotRows(ctx, selection);
  // A kept file missing on this node's disk (removed by hand, a node without the shared folder): the stored rows.
  const original =
    source.original && existsSync(keptRegistryPath(ctx, source.original.key)) ? source.original : null;
  if (original) {
    let rows: Int32Array | null = null;
    if (selection.lotId !== null || selection.index !== null) {
      const numbers: number[] = [];
      for await (const page of pages) for (const r of page) numbers.push(r.rowNumber);
      rows = Int32Array.from(numbers);
    }
    job = {
      outPath,
      sheetName: T.sheetName,
      source: {
        kind: 'file',
        path: keptRegistryPath(ctx, original.key),
        sheet: original.sheet,
        headerRow: original.headerRow,
        dropColumns: source.personalDataAgreement ? [] : original.personalDataColumns,
        rows,
      },
    };
  } else {
    job = {
      outPath,
      sheetName: T.sheetName,
      source: { kind: 'rows', headers: REGISTRY_ATTRIBUTES.map((a) => a.text) },
    };
  }
  try {
    await filePool().run(
      { kind: 'dealRegistry', ...job },
      {
        onCall: async (name) => {
          if (name !== 'rows') throw new Error(`unknown call ${name}`);
          const next = await pages.next();
          return { rows: next.done ? [] : next.value.map(templateCells) };
        },
      },
    );
    await storageOf(ctx).putFile(key, outPath);
  } catch (error) {
    // The file workers are all busy with a long queue: try again in a moment.
    if (error instanceof FileJobRefusal) throw new AppError(503, 'unavailable', error.message);
    throw error;
  } finally {
    await rm(outPath, { force: true });
  }
}

/** The registry file of the deal for its buyer, counted in the download history; the first download closes it. */
export async function openDealRegistry(ctx: AppContext, auth: AuthContext, id: number) {
  const deal = await findDeal(ctx.db, id);
  if (!deal) throw notFound(DEAL_TEXTS.notFound);
  // Only the buying company: the seller, an administrator, another bidder and a third company are refused, the
  // registry holds the debtors' data (decisions/0264).
  if (dealRoleOf(viewerOf(auth), deal) !== 'buyer') throw forbidden(T.buyerOnly);
  if (!dealRegistryReady(deal.state)) throw new AppError(409, 'conflict', T.notYet);
  const storage = storageOf(ctx);
  const key = storageKeyOf(deal.id);
  let file = await storage.open(key);
  if (!file) {
    await makeRegistry(ctx, deal, key);
    file = await storage.open(key);
    if (!file) throw notFound(DEAL_TEXTS.notFound);
  }
  await recordDownload(ctx.db, {
    briefcaseId: deal.briefcaseId,
    userId: auth.user.id,
    what: T.historyLine(deal.id),
    at: ctx.now(),
  });
  if (deal.state === 'registry_handed_over') {
    try {
      await actOnDeal(ctx, auth, deal.id, { type: 'registry_downloaded' });
    } catch (error) {
      // Two first downloads at once: the other one closed the deal.
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }
  const lot = (await findDealFacts(ctx.db, [deal])).lots.get(deal.lotId);
  return { file, name: T.fileName(lot ? lotTitle(lot) : `Лот ${deal.lotId}`, deal.id) };
}
