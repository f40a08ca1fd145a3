/**
 * The deal's agreement and signing by scan (issue 32, decisions/0263): the agreement PDF read back with pdftotext
 * (both parties' requisites, the lot, the price in figures and words, the audit chain entry), the seller's .docx
 * template with its placeholders filled (a broken one falls back to the platform's text), who may fetch it, the SMS
 * code bound to the agreement's text, the scan signature and its file, and the deal's state in the protocol and the
 * seller's lots report.
 */
import { priceInFiguresAndWords } from '@etp/domain';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bids, companies, deals, documents, lots } from '../src/db/schema/index.ts';
import { storageOf } from '../src/storage/storageOf.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildLot, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { multipart, PDF, PNG } from './support/multipart.ts';
import { lastSmsCode } from './support/outbox.ts';
import { flat, pdfText } from './support/pdf.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

const HOUR = 3_600_000;

/** A .docx whose one paragraph splits a placeholder across runs, as Word does. */
async function docx(paragraphs: string[][]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  const body = paragraphs
    .map(
      (runs) =>
        `<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>${runs
          .map((run) => `<w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${run}</w:t></w:r>`)
          .join('')}</w:p>`,
    )
    .join('');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe.each(DRIVERS)('deal agreement on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let a: Trader;
  let b: Trader;
  let stranger: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    [a, b, stranger] = floor.buyers as [Trader, Trader, Trader];
    call = api(t);
    await t.ctx.db
      .update(companies)
      .set({
        fullName: 'Акционерное общество «Продавец»',
        inn: '7707083893',
        kpp: '773601001',
        address: 'г. Москва, ул. Вавилова, д. 19',
        bankAccount: '40702810900000000001',
        bankName: 'ПАО «Банк»',
        bik: '044525225',
        signerPositionAndFio: 'Председатель правления Петров П. П.',
      })
      .where(eq(companies.id, floor.sellerCompany.id));
    await t.ctx.db
      .update(companies)
      .set({
        fullName: 'Общество с ограниченной ответственностью «Покупатель 1»',
        inn: '7701234567',
        address: 'г. Москва, ул. Тверская, д. 1',
        signerName: 'Сидоров С. С.',
      })
      .where(eq(companies.id, a.companyId));
  }, 120_000);
  afterAll(() => t.close());

  async function member(companyId: number): Promise<Trader & { phone: string }> {
    const user = await buildUser(t.ctx.db, {
      company: { id: companyId },
      owner: false,
      confirmedPhone: true,
    });
    return {
      userId: user.id,
      companyId,
      phone: user.phone!,
      token: (await signIn(t.app, user.email!)).jwt.token,
    };
  }

  /** A finished lot of 42 debts won by A at 1 234 567,89 ₽ over B; returns the deal as A sees it. */
  async function wonLot() {
    const db = t.ctx.db;
    const now = t.clock.now().getTime();
    const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
    const briefcase = await buildBriefcase(db, floor.sellerCompany, { status: 'finished', ...times });
    const lot = await buildLot(db, briefcase, {
      status: 'finished',
      startPrice: 100_000_000,
      stepPrice: 100_000,
      bidsCount: 2,
      itemsCount: 42,
      amountTotal: 987_654_300,
      amountBottomline: 555_000_000,
      ...times,
    });
    const bid = (who: Trader, amount: number) => ({
      lotId: lot.id,
      briefcaseId: briefcase.id,
      userId: who.userId,
      companyId: who.companyId,
      amount,
    });
    const [, bidA] = await db
      .insert(bids)
      .values([bid(b, 120_000_000), bid(a, 123_456_789)])
      .returning();
    await db.update(lots).set({ leaderBidId: bidA!.id }).where(eq(lots.id, lot.id));
    const chosen = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
      bid_id: bidA!.id,
    });
    expect(chosen.statusCode).toBe(200);
    return { briefcase, lot, deal: (await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data };
  }

  const agreement = (who: Trader, id: number) => call.get(who, `/api/v1/deals/${id}/agreement`);
  const dealRow = async (id: number) => (await t.ctx.db.select().from(deals).where(eq(deals.id, id)))[0]!;

  async function template(briefcaseId: number, bytes: Buffer) {
    const key = `briefcase_documents/${briefcaseId}/template${bytes.length}.docx`;
    await storageOf(t.ctx).put(key, bytes);
    await t.ctx.db.insert(documents).values({
      briefcaseId,
      kind: 'cession_agreement_template',
      name: 'Договор',
      extension: 'docx',
      bytesSize: bytes.length,
      storageKey: key,
    });
  }

  it('is a PDF with both parties’ requisites, the lot, its debts and the price in figures and in words; parties and administrators only', async () => {
    const { briefcase, lot, deal } = await wonLot();
    expect(deal.agreement).toEqual({
      url: `/api/v1/deals/${deal.id}/agreement`,
      sha256: null,
      source: 'platform',
    });

    const response = await agreement(a, deal.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain(`Договор уступки прав требования (цессии) №${deal.id}`);
    expect(text).toContain('г. Москва');
    for (const expected of [
      'ИНН: 7707083893',
      'КПП: 773601001',
      'Расчётный счёт: 40702810900000000001',
      'БИК: 044525225',
      'Председатель правления Петров П. П.',
      'ИНН: 7701234567',
      'Сидоров С. С.',
      `Лот №${lot.number}`,
      `ТП №${briefcase.id}`,
      'Количество договоров (дел) в лоте: 42',
      flat(priceInFiguresAndWords(123_456_789)),
      'Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 89 копеек',
      '152-ФЗ',
    ])
      expect(text).toContain(expected);
    const [opening] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, briefcase.id), eq(auditLog.action, 'deal_opened')));
    expect(text).toContain(opening!.hash);

    // Made once: the reply names the text's hash, the same file is served again.
    const after = (await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data;
    expect(after.agreement).toMatchObject({
      source: 'platform',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(text).toContain(after.agreement.sha256);
    const key = (await dealRow(deal.id)).agreementKey;
    expect((await agreement(floor.seller, deal.id)).statusCode).toBe(200);
    expect((await agreement(floor.admin, deal.id)).statusCode).toBe(200);
    expect((await dealRow(deal.id)).agreementKey).toBe(key);

    // The other bidder and a third company: no such deal.
    for (const other of [b, stranger]) {
      const refused = await agreement(other, deal.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Сделка не найдена');
    }
  });

  it('fills the placeholders of the seller’s .docx template, even split across runs; a broken one gives the platform’s text', async () => {
    const { briefcase, deal } = await wonLot();
    await template(
      briefcase.id,
      await docx([
        ['Цедент {{seller', '_name}} и Цессионарий {{buyer_name}} (ИНН {{ buyer_inn }})'],
        [
          'Цена: {{price}} ({{price_words}}), лот {{lot}}, дел {{debts_count}}, ОД {{principal}}, ОСЗ {{total}}',
        ],
        ['Дата {{date}}; {{unknown}} &amp; &#1046;'],
      ]),
    );
    const before = (await call.get(a, `/api/v1/lots/${deal.lot_id}/deal`)).json().data;
    expect(before.agreement.source).toBe('template');

    const text = await pdfText((await agreement(floor.seller, deal.id)).rawPayload);
    expect(text).toContain(
      'Цедент Акционерное общество «Продавец» и Цессионарий Общество с ограниченной ответственностью «Покупатель 1» (ИНН 7701234567)',
    );
    expect(text).toContain(
      flat(
        `Цена: 1 234 567,89 ₽ (Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь рублей 89 копеек), лот ${deal.lot_name}, дел 42, ОД 9 876 543 ₽, ОСЗ 5 550 000 ₽`,
      ),
    );
    expect(text).toMatch(/Дата \d{2}\.\d{2}\.\d{4}; \{\{unknown\}\} & Ж/);
    expect(text).not.toContain('Предмет договора');
    expect(text).toContain('ИНН: 7707083893');
    expect((await dealRow(deal.id)).agreementSource).toBe('template');

    const broken = await wonLot();
    await template(broken.briefcase.id, Buffer.from('PK\u0003\u0004 not really a document'));
    const fallback = await pdfText((await agreement(a, broken.deal.id)).rawPayload);
    expect(fallback).toContain('1. Предмет договора');
    expect((await dealRow(broken.deal.id)).agreementSource).toBe('platform');
  });

  it('binds the SMS code to the agreement’s text: changed before signing, the old code does not sign; once signed, the text stays', async () => {
    const { deal } = await wonLot();
    const buyer = await member(a.companyId);
    const seller = await member(floor.sellerCompany.id);
    expect((await call.send(buyer, 'POST', `/api/v1/deals/${deal.id}/sign_code`)).statusCode).toBe(200);
    const first = (await dealRow(deal.id)).agreementSha256;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const oldCode = await lastSmsCode(t.app, buyer.phone);

    // The buyer's address changes: the agreement is made again, with another text.
    await t.ctx.db
      .update(companies)
      .set({ address: 'г. Москва, ул. Новая, д. 2' })
      .where(eq(companies.id, a.companyId));
    expect(await pdfText((await agreement(a, deal.id)).rawPayload)).toContain('ул. Новая');
    const second = (await dealRow(deal.id)).agreementSha256;
    expect(second).not.toBe(first);
    const refused = await call.send(buyer, 'POST', `/api/v1/deals/${deal.id}/sign`, { code: oldCode });
    expect(refused.statusCode).toBe(422);
    expect((await dealRow(deal.id)).buyerSignedAt).toBeNull();
    t.clock.advance(2 * 60_000); // past the per-phone resend pause

    expect((await call.send(buyer, 'POST', `/api/v1/deals/${deal.id}/sign_code`)).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, buyer.phone);
    const signed = await call.send(buyer, 'POST', `/api/v1/deals/${deal.id}/sign`, { code });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data).toMatchObject({
      state: 'signed_by_buyer',
      agreement: { sha256: second },
      buyer_signature: { method: 'sms', scan_url: null },
    });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, deal.briefcase_id), eq(auditLog.action, 'deal_sign')))
      .orderBy(asc(auditLog.id));
    expect(entry!.payload).toMatchObject({ dealId: deal.id, agreementSha256: second });

    // Signed: a later change of requisites does not change the text the other side signs.
    await t.ctx.db
      .update(companies)
      .set({ address: 'г. Москва, ул. Третья, д. 3' })
      .where(eq(companies.id, a.companyId));
    expect(await pdfText((await agreement(seller, deal.id)).rawPayload)).toContain('ул. Новая');
    expect((await dealRow(deal.id)).agreementSha256).toBe(second);
    await t.ctx.db
      .update(companies)
      .set({ address: 'г. Москва, ул. Тверская, д. 1' })
      .where(eq(companies.id, a.companyId));
  });

  const signScan = (who: Trader, id: number, file: { file: Buffer; name: string } | null) => {
    const form = multipart(file ? [['file', file]] : [['note', 'без файла']]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/deals/${id}/sign_scan`,
      headers: { ...bearer(who.token), ...form.headers },
      payload: form.payload,
    });
  };

  it('signs by an uploaded PDF scan: recorded as the SMS signature is, the other side downloads it; not a PDF is refused', async () => {
    const { deal, lot, briefcase } = await wonLot();

    const notPdf = await signScan(a, deal.id, { file: PNG, name: 'скан.pdf' });
    expect(notPdf.statusCode).toBe(422);
    expect(notPdf.json().errors).toEqual({ file: ['Загрузите скан подписанного договора в формате PDF'] });
    expect((await signScan(a, deal.id, null)).statusCode).toBe(422);
    expect((await signScan(stranger, deal.id, { file: PDF, name: 'скан.pdf' })).statusCode).toBe(404);
    const admin = await signScan(floor.admin, deal.id, { file: PDF, name: 'скан.pdf' });
    expect(admin.statusCode).toBe(403);
    expect((await dealRow(deal.id)).buyerSignedAt).toBeNull();

    const signed = await signScan(a, deal.id, { file: PDF, name: 'скан.pdf' });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data).toMatchObject({
      state: 'signed_by_buyer',
      buyer_signature: {
        method: 'scan',
        user_id: a.userId,
        scan_url: `/api/v1/deals/${deal.id}/scans/buyer`,
      },
      seller_signature: null,
    });
    const again = await signScan(a, deal.id, { file: PDF, name: 'скан.pdf' });
    expect(again.statusCode).toBe(409);

    const fetched = await call.get(floor.seller, `/api/v1/deals/${deal.id}/scans/buyer`);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/pdf');
    expect(fetched.rawPayload.equals(PDF)).toBe(true);
    expect((await call.get(floor.admin, `/api/v1/deals/${deal.id}/scans/buyer`)).statusCode).toBe(200);
    expect((await call.get(b, `/api/v1/deals/${deal.id}/scans/buyer`)).statusCode).toBe(404);
    expect((await call.get(a, `/api/v1/deals/${deal.id}/scans/seller`)).statusCode).toBe(404);

    const both = await signScan(floor.seller, deal.id, { file: PDF, name: 'договор.pdf' });
    expect(both.json().data).toMatchObject({
      state: 'awaiting_payment',
      seller_signature: { method: 'scan' },
    });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, briefcase.id), eq(auditLog.action, 'deal_sign')))
      .orderBy(asc(auditLog.id));
    expect(entry!.payload).toMatchObject({
      by: 'buyer',
      agreementSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    // The protocol and the seller's lots report name the deal's state.
    const protocol = await call.get(floor.seller, `/api/v1/briefcases/${briefcase.id}/protocol`);
    expect(protocol.statusCode).toBe(200);
    expect(await pdfText(protocol.rawPayload)).toContain('Сделка Ожидает оплаты');
    const results = await call.get(a, `/api/v1/briefcases/${briefcase.id}/main_report`);
    expect(results.statusCode).toBe(200);
    const resultsText = await pdfText(results.rawPayload);
    expect(resultsText).toContain('Сделка');
    expect(resultsText).toContain('Определён победитель Ожидает оплаты');
    const report = await call.get(floor.seller, `/api/v1/briefcases/${briefcase.id}/lots_report`);
    expect(report.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as never);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('Сделка');
    expect(header).toBeGreaterThan(0);
    const row = sheet
      .getRows(2, sheet.rowCount - 1)!
      .find((r) => r.getCell(1).value === `Лот №${lot.number}`);
    expect(row!.getCell(header).value).toBe('Ожидает оплаты');
  });
});
