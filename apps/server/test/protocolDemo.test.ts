/**
 * The protocol of a finished demo procedure (issue 18, "Proof"): the seed writes each traded procedure's audit
 * chain, the leader makes their protocols, and pdftotext finds every winner, its price and the chain head. The demo's
 * documentation is there, "Другой документ" hidden from participants after trading.
 */
import { formatRubles } from '@etp/domain';
import { like, not } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases } from '../src/db/schema/index.ts';
import { verifyAudit } from '../src/modules/audit/audit.service.ts';
import { DOCUMENT_TEXTS } from '../src/modules/documents/documents.messages.ts';
import { findProcedureDocuments } from '../src/modules/documents/documents.queries.ts';
import { describeDocuments } from '../src/modules/documents/documents.service.ts';
import { gatherProtocol } from '../src/modules/documents/protocol.queries.ts';
import { refreshStaleProtocols } from '../src/modules/documents/protocols.service.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { HISTORY_LABEL } from '../src/seed/history.ts';
import { storageOf } from '../src/storage/storageOf.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { flat, pagePicture, pdfText } from './support/pdf.ts';

describe('protocols of the demo procedures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    t.clock.set(new Date());
    await seedDemo(t.ctx.db, { now: t.clock.now(), storage: storageOf(t.ctx) });
  }, 240_000);
  afterAll(() => t.close());

  it('are made for every traded procedure, and the closed classic one names its winners, prices and chain head', async () => {
    const made: number[] = [];
    for (let pass = 0; pass < 20; pass++) {
      const done = await refreshStaleProtocols(t.ctx);
      if (done.length === 0) break;
      made.push(...done);
    }
    const traded = await t.ctx.db
      .select({ id: briefcases.id, status: briefcases.status, auctionType: briefcases.auctionType })
      .from(briefcases)
      .where(not(like(briefcases.description, `%${HISTORY_LABEL}%`)));
    const afterTrading = traded.filter((b) =>
      [
        'finished',
        'closed',
        'closed_without_bids',
        'closed_without_winners',
        'closed_with_next_round',
      ].includes(b.status),
    );
    expect(made.sort((a, b) => a - b)).toEqual(afterTrading.map((b) => b.id).sort((a, b) => a - b));

    const closed = afterTrading.find((b) => b.status === 'closed' && b.auctionType === 'classic')!;
    const data = (await gatherProtocol(t.ctx.db, closed.id, t.clock.now()))!;
    const winners = data.lots.filter((l) => l.winner !== null);
    expect(winners.length).toBeGreaterThan(0);
    const [chain] = await verifyAudit(t.ctx.db, closed.id);
    expect(chain!.verdict.ok).toBe(true);
    expect(data.audit.seq).toBeGreaterThan(winners.length);

    const protocol = (await findProcedureDocuments(t.ctx.db, closed.id)).find((d) => d.kind === 'protocol')!;
    const text = await pdfText((await storageOf(t.ctx).get(protocol.storageKey))!);
    for (const lot of winners) {
      expect(text).toContain(flat(`${lot.title} Начальная цена ${formatRubles(lot.startPrice)}`));
      expect(text).toContain(flat(`Итоговая цена ${formatRubles(lot.finalPrice!)} Победитель ${lot.winner}`));
    }
    expect(text).toContain(chain!.verdict.ok ? chain!.verdict.head : 'none');

    // "Общие результаты аукциона" of the same procedure: every lot's prices, bids, bidders and result, the same
    // chain head, and no company's name (winner information is the seller's, spec 2 §6).
    const report = (await findProcedureDocuments(t.ctx.db, closed.id)).find((d) => d.kind === 'main_report')!;
    const reportText = await pdfText((await storageOf(t.ctx).get(report.storageKey))!);
    expect(reportText).toContain(`${DOCUMENT_TEXTS.mainReportTitle} · ТП №${closed.id}`);
    for (const lot of data.lots) {
      const T = DOCUMENT_TEXTS;
      const result =
        lot.bidsCount === 0 ? T.noBids : lot.winner ? T.sold : lot.withoutWinner ? T.noWinner : T.awaiting;
      const price = lot.finalPrice === null ? T.noData : formatRubles(lot.finalPrice);
      expect(reportText).toContain(
        flat(
          `${lot.title} ${formatRubles(lot.startPrice)} ${price} ${lot.bidsCount} ${lot.biddersCount} ${result}`,
        ),
      );
    }
    expect(reportText).toContain(`Последняя запись журнала: №${data.audit.seq}`);
    expect(reportText).toContain(data.audit.hash);
    for (const lot of winners) expect(reportText).not.toContain(lot.winner!);
    // Page 1 of each as a picture, to be looked at (pdftoppm, as pdftotext from poppler-utils).
    await pagePicture((await storageOf(t.ctx).get(protocol.storageKey))!, 'demo-protocol-page1');
    await pagePicture((await storageOf(t.ctx).get(report.storageKey))!, 'demo-main-report-page1');

    // The documentation: the seller sees all of it; participants not the explanatory note after trading.
    const views = await Promise.all(
      afterTrading.map(async (b) => ({
        seller: await describeDocuments(t.ctx.db, b.id, 'closed', true),
        participant: await describeDocuments(t.ctx.db, b.id, 'closed', false),
      })),
    );
    expect(views.every((v) => v.seller.documents.some((d) => d.kind === 'template'))).toBe(true);
    expect(views.some((v) => v.seller.documents.some((d) => d.kind === 'other'))).toBe(true);
    expect(views.some((v) => v.participant.documents.some((d) => d.kind === 'other'))).toBe(false);
    expect(views.every((v) => v.participant.protocol === null && v.seller.protocol !== null)).toBe(true);
  }, 240_000);
});
