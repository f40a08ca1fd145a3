/**
 * The trade protocol and "Общие результаты аукциона" (issue 18 part 1, decisions/0120-0121): made when a procedure
 * finishes and again when a winner is chosen, stored, shown only to whom spec 2 §6 allows, and readable: pdftotext
 * finds the winners, the prices and the audit chain's head.
 */
import { formatRubles } from '@etp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChainHead } from '../src/modules/audit/audit.queries.ts';
import { findProcedureDocuments } from '../src/modules/documents/documents.queries.ts';
import { refreshStaleProtocols } from '../src/modules/documents/protocols.service.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { storageOf } from '../src/storage/storageOf.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildLot } from './support/factories.ts';
import { flat, pdfText } from './support/pdf.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;

describe.each(DRIVERS)('trade protocol on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let scheduler: Scheduler;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    call = api(t);
    scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
  }, 120_000);
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  const documentsOf = async (who: Trader, id: number) => {
    const response = await call.get(who, `/api/v1/briefcases/${id}/documents`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const download = async (who: Trader, link: string) => {
    const response = await call.get(who, link);
    return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
  };

  it('is made when trading ends, names the leader until the seller chooses, then the winner; the chain head is in it', async () => {
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 10 * MINUTE });
    const quiet = await buildLot(t.ctx.db, briefcase, {
      status: 'active',
      startPrice: 2_000_000,
      stepPrice: 100_000,
      startDatetime: lot.startDatetime,
      endDatetime: lot.endDatetime,
    });
    const [a, b, outsider] = floor.buyers as [Trader, Trader, Trader];
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    const bidB = (await call.bid(b, { lot_id: lot.id, amount: 1_100_000 })).json().data.bid_id;

    // While trading: the seller is told the protocol comes later; nobody gets the results.
    const before = await documentsOf(floor.seller, briefcase.id);
    expect(before).toMatchObject({ protocol: null, protocol_pending: true, main_report: null });
    expect((await documentsOf(a, briefcase.id)).protocol_pending).toBe(false);
    expect((await download(a, `/api/v1/briefcases/${briefcase.id}/main_report`)).status).toBe(409);

    t.clock.advance(10 * MINUTE);
    await scheduler.tick();
    expect(await refreshStaleProtocols(t.ctx)).toEqual([briefcase.id]);
    // Made once: nothing is stale after.
    expect(await refreshStaleProtocols(t.ctx)).toEqual([]);

    const finished = await documentsOf(floor.seller, briefcase.id);
    expect(finished.protocol_pending).toBe(false);
    expect(finished.protocol).toMatchObject({ kind: 'protocol', extension: 'pdf' });
    const first = await download(floor.seller, finished.protocol.link);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(String(first.headers['content-disposition'])).toContain(
      encodeURIComponent(`Протокол торгов ТП №${briefcase.id}.pdf`),
    );
    const finishedHead = await readChainHead(t.ctx.db, briefcase.id);
    const text = await pdfText(first.bytes);
    expect(text).toContain(`Протокол о результатах торговой процедуры ТП №${briefcase.id}`);
    expect(text).toContain(flat(`Лучшая ставка ${formatRubles(1_100_000)}`));
    expect(text).toContain('Не выбран (лидирует ООО «Покупатель 2»)');
    expect(text).toContain(flat(`Начальная цена ${formatRubles(2_000_000)}`));
    expect(text).toContain('Нет победителя');
    expect(text).toContain(`Последняя запись журнала: №${finishedHead.seq}`);
    expect(text).toContain(finishedHead.hash);

    // Participants: no protocol (spec 2 §6), but the main report, without names.
    const theirs = await documentsOf(a, briefcase.id);
    expect(theirs.protocol).toBeNull();
    expect(theirs.main_report).toMatchObject({ kind: 'main_report' });
    expect((await download(a, finished.protocol.link)).status).toBe(404);
    expect((await download(outsider, finished.protocol.link)).status).toBe(404);
    const report = await download(a, `/api/v1/briefcases/${briefcase.id}/main_report`);
    expect(report.status).toBe(200);
    const reportText = await pdfText(report.bytes);
    expect(reportText).toContain(`Общие результаты аукциона · ТП №${briefcase.id}`);
    expect(reportText).toContain(formatRubles(1_100_000).replace(/\s/gu, ' '));
    expect(reportText).not.toContain('Покупатель');
    expect(reportText).toContain(finishedHead.hash);
    // What a participant can do with the head, not an engineer's command (issue 29).
    for (const read of [text, reportText]) {
      expect(read).toContain(
        flat(
          `Как проверить. Сохраните этот документ. Площадка проверяет журнал, заново вычисляя хеш каждой записи по её содержанию и хешу предыдущей, от первой записи до последней: результат должен совпасть с номером и хешем последней записи, указанными выше. Чтобы получить такое подтверждение, напишите в техническую поддержку площадки (${t.ctx.config.supportEmail}), указав ТП №${briefcase.id}, номер и хеш последней записи из этого документа.`,
        ),
      );
      expect(read).not.toMatch(/npm|audit:verify|\/api\//);
    }

    // The seller chooses: the protocol is stale, made again, and the old file is gone from the store.
    expect(
      (await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, { bid_id: bidB }))
        .statusCode,
    ).toBe(200);
    const oldKeys = (await findProcedureDocuments(t.ctx.db, briefcase.id)).map((d) => d.storageKey);
    expect(await refreshStaleProtocols(t.ctx)).toEqual([briefcase.id]);
    const chosen = await documentsOf(floor.seller, briefcase.id);
    expect(chosen.protocol.id).not.toBe(finished.protocol.id);
    for (const key of oldKeys) expect(await storageOf(t.ctx).get(key)).toBeNull();
    const closedHead = await readChainHead(t.ctx.db, briefcase.id);
    expect(closedHead.seq).toBeGreaterThan(finishedHead.seq);
    const closedText = await pdfText((await download(floor.seller, chosen.protocol.link)).bytes);
    expect(closedText).toContain(flat(`Итоговая цена ${formatRubles(1_100_000)}`));
    expect(closedText).toContain('Победитель ООО «Покупатель 2»');
    expect(closedText).toContain('Статус Завершена');
    expect(closedText).toContain(closedHead.hash);
    expect(quiet.id).toBeGreaterThan(0);

    // The head in the protocol is the one the administrator's verification reports.
    const verify = await call.get(floor.admin, `/api/v1/admin/audit/verify?briefcase_id=${briefcase.id}`);
    expect(verify.json().data.chains[0].verdict).toMatchObject({ ok: true, head: closedHead.hash });
    // The administrator has the protocol too.
    expect((await download(floor.admin, chosen.protocol.link)).status).toBe(200);

    // Every download counted: the seller's statistics and history.
    const stats = (await call.get(floor.seller, `/api/v1/charts/briefcases/${briefcase.id}/stats`)).json()
      .data;
    expect(stats.attributes.downloaded).toBe(4);
    const history = (await documentsOf(floor.seller, briefcase.id)).seller;
    expect(history.downloads_count).toBe(4);
    expect(history.recent_downloads[0]).toMatchObject({ what: `Протокол торгов ТП №${briefcase.id}.pdf` });
  }, 120_000);

  it('makes the protocol on request for a procedure closed without an audit chain (imported history)', async () => {
    const { briefcase } = await tradingLot(t, floor, {
      briefcase: { status: 'closed' },
      lot: { status: 'closed' },
    });
    expect(await refreshStaleProtocols(t.ctx)).toEqual([]);
    const listed = await documentsOf(floor.seller, briefcase.id);
    expect(listed.protocol).toMatchObject({ kind: 'protocol' });
    const text = await pdfText((await download(floor.seller, listed.protocol.link)).bytes);
    expect(text).toContain('Последняя запись журнала: №0');
  }, 60_000);
});
