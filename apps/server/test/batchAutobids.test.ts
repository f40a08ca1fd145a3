import { deflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, autobidBatches, autobids } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildLot } from './support/factories.ts';
import { bearer } from './support/http.ts';
import { multipart, PDF } from './support/multipart.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const HEADERS = ['Номер лота', 'ID лота', 'Максимальная цена, ₽'];

async function workbook(rows: unknown[][], headers: string[] = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Автоставки');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A zip whose only member inflates to 200 MB of spaces. */
function zipBomb(): Buffer {
  const data = deflateRawSync(Buffer.alloc(200 * 1024 * 1024, 0x20));
  const name = Buffer.from('xl/workbook.xml');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(1000, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

describe.each(DRIVERS)('batch autobids on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let a: Trader;
  let b: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    [a, b] = floor.buyers as [Trader, Trader];
    call = api(t);
  });
  afterAll(() => t.close());

  /** A classic procedure starting in an hour, with two lots. */
  async function upcoming(options: Parameters<typeof tradingLot>[2] = {}) {
    const { briefcase, lot } = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 3_600_000,
      ...options,
    });
    const second = await buildLot(t.ctx.db, briefcase, {
      status: 'ready',
      startPrice: 500_000,
      stepPrice: 50_000,
    });
    return { briefcase, lot, second };
  }
  const upload = (who: Trader, id: number, file: Buffer, name = 'autobids.xlsx') => {
    const form = multipart([
      ['id', String(id)],
      ['file', { file, name }],
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/briefcases/${id}/autobids_massive_create`,
      headers: { ...bearer(who.token), ...form.headers },
      payload: form.payload,
    });
  };
  const autobidsOf = (who: Trader, lotId: number) =>
    t.ctx.db
      .select()
      .from(autobids)
      .where(and(eq(autobids.companyId, who.companyId), eq(autobids.lotId, lotId)));

  it('gives a template with the procedure’s lots', async () => {
    const { briefcase, lot, second } = await upcoming();
    const response = await call.get(a, `/api/v1/templates/briefcases/${briefcase.id}/autobids`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.rawPayload.length).toBeLessThan(10_000);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(values).toEqual([HEADERS, [lot.number, lot.id], [second.number, second.id]]);
    const dutch = await tradingLot(t, floor, { status: 'ready', startInMs: 3_600_000, auctionType: 'dutch' });
    const refused = await call.get(a, `/api/v1/templates/briefcases/${dutch.briefcase.id}/autobids`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Автоставки доступны только в классическом аукционе');
  });

  it('sets the autobids of a filled-in template once, and removes them on request', async () => {
    const { briefcase, lot, second } = await upcoming();
    const file = await workbook([
      [1, lot.id, 20_000],
      [2, second.id, null],
    ]);
    const response = await upload(a, briefcase.id, file);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Автоставки установлены на 1 лот',
      data: { has_enabled_autobids: true, count: 1 },
    });
    expect(await autobidsOf(a, lot.id)).toEqual([
      expect.objectContaining({ maxPrice: 2_000_000, enabled: true, source: 'batch', userId: a.userId }),
    ]);
    expect(await autobidsOf(a, second.id)).toEqual([]);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, briefcase.id), eq(auditLog.action, 'autobid_batch_enabled')));
    expect(audit[0]!.payload).toEqual({
      companyId: a.companyId,
      autobids: [{ lotId: lot.id, maxPrice: 2_000_000 }],
    });

    const again = await upload(a, briefcase.id, file);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'Файл автоставок для этой торговой процедуры уже загружался: повторная загрузка невозможна',
    );
    const removed = await call.send(a, 'DELETE', `/api/v1/briefcases/${briefcase.id}/destroy_autobids`);
    expect(removed.json()).toMatchObject({
      message: 'Автоставки удалены',
      data: { has_enabled_autobids: false, count: 1 },
    });
    expect((await autobidsOf(a, lot.id))[0]).toMatchObject({ enabled: false });
    expect((await upload(a, briefcase.id, file)).statusCode).toBe(409);
    // Another company has its own upload.
    expect((await upload(b, briefcase.id, file)).statusCode).toBe(200);
  });

  it('lists every bad row, checks each autobid by the trading rules, and stores nothing then', async () => {
    const { briefcase, lot, second } = await upcoming();
    await call.autobid(a, { lot_id: second.id, max_price: 3_000_000 });
    const response = await upload(
      a,
      briefcase.id,
      await workbook([
        [1, lot.id, 5_000],
        [2, second.id, 20_000],
        [3, 999_999, 20_000],
        [4, lot.id, '20 000,005'],
      ]),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: 'Файл содержит ошибки, автоставки не сохранены',
      errors: {
        file: [
          'Ячейка B4: лот с ID 999999 не найден в этой торговой процедуре',
          `Ячейка B5: лот с ID ${lot.id} уже указан в строке 2`,
        ],
      },
    });
    const rules = await upload(
      a,
      briefcase.id,
      await workbook([
        [1, lot.id, 5_000],
        [2, second.id, 20_000],
      ]),
    );
    expect(rules.json().errors.file).toEqual([
      'Ячейка C2: Максимальная цена автоставки должна быть выше следующей цены',
      'Ячейка C3: Новая максимальная цена должна быть выше текущей',
    ]);
    expect(await autobidsOf(a, lot.id)).toEqual([]);
    expect(
      await t.ctx.db.select().from(autobidBatches).where(eq(autobidBatches.briefcaseId, briefcase.id)),
    ).toEqual([]);
    expect((await upload(a, briefcase.id, await workbook([[1, lot.id, 20_000]]))).statusCode).toBe(200);
  });

  it('takes only xlsx files, judged by their content', async () => {
    const { briefcase } = await upcoming();
    for (const file of [PDF, Buffer.from('Номер лота;ID лота\n1;2'), await docx()]) {
      const response = await upload(a, briefcase.id, file);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: 'Файл должен быть в формате MS Excel - XLSX',
        errors: { file: ['Файл должен быть в формате MS Excel - XLSX'] },
      });
    }
    // A bomb that is not a workbook either: refused as such, without inflating it.
    const bomb = await upload(a, briefcase.id, zipBomb());
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().message).toBe('Файл должен быть в формате MS Excel - XLSX');
    const headers = await upload(a, briefcase.id, await workbook([[1, 2, 3]], ['Лот', 'Цена']));
    expect(headers.json().message).toBe(
      'В файле нет столбцов «ID лота» и «Максимальная цена, ₽»: скачайте шаблон',
    );
    const empty = await upload(a, briefcase.id, await workbook([[1, 2, null]]));
    expect(empty.json().message).toBe('В файле не указано ни одной максимальной цены');
    const none = await call.send(a, 'POST', `/api/v1/briefcases/${briefcase.id}/autobids_massive_create`, {});
    expect(none.json()).toMatchObject({ message: 'Выберите файл', errors: { file: ['Выберите файл'] } });
  });

  it('is for participants of a classic procedure before its start', async () => {
    const { briefcase, lot } = await upcoming();
    const file = await workbook([[1, lot.id, 20_000]]);
    const seller = await upload(floor.seller, briefcase.id, file);
    expect(seller.statusCode).toBe(403);
    expect(seller.json().message).toBe('Организатор торгов не может устанавливать автоставки');
    expect((await upload(floor.admin, briefcase.id, file)).json().message).toBe(
      'Администратор не может устанавливать автоставки',
    );
    const running = await tradingLot(t, floor);
    const late = await upload(a, running.briefcase.id, await workbook([[1, running.lot.id, 20_000]]));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Пакетные автоставки можно загрузить или удалить только до начала торгов',
    );
    const destroy = await call.send(
      a,
      'DELETE',
      `/api/v1/briefcases/${running.briefcase.id}/destroy_autobids`,
    );
    expect(destroy.statusCode).toBe(409);
  });
});

/** A Word document: a zip archive, but without xl/workbook.xml. */
async function docx(): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file('word/document.xml', '<w:document/>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
