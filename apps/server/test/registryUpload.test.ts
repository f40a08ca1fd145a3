import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { columnLetters } from '@etp/xlsx';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lots, registryRows } from '../src/db/schema/index.ts';
import { ingestInto, ingestRegistry } from '../src/modules/registries/ingest/ingest.ts';
import { withRawTransaction } from '../src/modules/registries/ingest/rawSession.ts';
import { debt, HEADERS, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

const REGISTRY_KEYS = REGISTRY_ATTRIBUTES.map((a) => a.value as string);

describe.each(DRIVERS)('registry upload on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let token: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token } = await signedInMember(t));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a procedure from the platform template and stores rows, lots, totals and analytics', async () => {
    const rows = [
      debt({ lot_number: 1, amount_total: 1000.5, amount_bottomline: 2000 }),
      debt({ lot_number: 1, region_code: 50, sex: 'Ж', dead: 'да' }),
      debt({ lot_number: 2, dpd: 100, dplp: 90 }),
    ];
    const response = await upload(t.app, token, registryXlsx(rows), {
      company_id: String(companyId),
      auction_type: 'classic',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(body.message).toBe('Файл загружен');
    expect(body.personal_data_found).toBe(false);
    expect(body.report_id).toBeNull();
    expect(body.data.items_count).toBe(3);
    expect(body.data.lots_count).toBe(2);
    const id = body.data.briefcase_id as number;

    const [briefcase] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(briefcase!.status).toBe('created');
    expect(briefcase!.companyId).toBe(companyId);
    expect(briefcase!.itemsCount).toBe(3);
    expect(briefcase!.amountTotal).toBe(100_050 + 10_000_000 + 10_000_000);
    expect(briefcase!.lotingParams).toMatchObject({ loting_type: 'manual_splitting' });
    const stored = await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, id));
    expect(stored).toHaveLength(3);
    const lotRows = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(lotRows.map((l) => l.itemsCount).sort()).toEqual([1, 2]);

    // The card serves the analytics computed at ingestion.
    const card = await t.app.inject({ url: `/api/v1/briefcases/${id}`, headers: bearer(token) });
    expect(card.statusCode).toBe(200);
    expect(card.json().data.attributes.analytics).toMatchObject({ bankruptcy: 3, dead: 1, dpd: 300 });
    expect(card.json().data.attributes.items_count).toBe(3);

    const lotsJson = await t.app.inject({
      url: `/api/v1/briefcases/${id}/lots.json`,
      headers: bearer(token),
    });
    expect(lotsJson.statusCode).toBe(200);
    expect(lotsJson.json().data.lots).toHaveLength(2);

    // The lots call serves each lot's feature counts from the per-lot analytics.
    const lotCards = await t.app.inject({ url: `/api/v1/lots?briefcase_id=${id}`, headers: bearer(token) });
    expect(lotCards.statusCode, lotCards.body).toBe(200);
    type LotCard = { attributes: Record<string, unknown> & { number_original: number } };
    const byNumber = Object.fromEntries(
      lotCards.json().data.lots.map((l: LotCard) => [l.attributes.number_original, l.attributes]),
    );
    expect(byNumber[1]).toMatchObject({ items_count: 2, features: { dead: 1, bankruptcy: 2 } });
    expect(byNumber[2]).toMatchObject({ items_count: 1, features: { dead: 0, bankruptcy: 1 } });
    const [lotOne] = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id)).orderBy(lots.number);
    expect(lotOne!.analytics).toMatchObject({ regions_list: { 50: 1, 77: 1 } });
  });

  it('reads the template with columns of its own: names them, checks their personal data, stores the rest', async () => {
    const keys = [...REGISTRY_KEYS, 'full_name', 'passport', 'phone'];
    const headers = [...HEADERS, 'ФИО', 'Паспорт', 'Телефон'];
    const letters = [HEADERS.length, HEADERS.length + 1, HEADERS.length + 2].map(columnLetters);
    const person = (name: string, passport: string, phone: string) =>
      debt({ full_name: name, passport, phone });
    const rows = [
      person('Иванов Иван Иванович', '4506 123456', '+7 916 123-45-67'),
      person('Петрова Анна Сергеевна', '4510 654321', '+7 926 765-43-21'),
    ];
    const fields = { company_id: String(companyId), auction_type: 'classic' };
    const flagged = await upload(t.app, token, registryXlsx(rows, headers, keys), fields);
    // Not "headers not found" and not the custom tab: the personal-data check of the template's upload.
    expect(flagged.statusCode, flagged.body).toBe(422);
    expect(flagged.json().message).toBe('Подозрение на наличие персональных данных');
    const data = flagged.json().data;
    expect(data.excel_custom).toBe(false);
    expect(data.warnings).toEqual([
      `Столбцы не из шаблона не загружаются: «ФИО» (${letters[0]}), «Паспорт» (${letters[1]}), «Телефон» (${letters[2]})`,
    ]);
    const found = (data.personal_data as { header: string; kind: string }[]).map((f) => [f.header, f.kind]);
    expect(found).toEqual(
      expect.arrayContaining([
        ['ФИО', 'full_name'],
        ['Паспорт', 'passport'],
        ['Телефон', 'phone'],
      ]),
    );
    const id = data.briefcase_id as number;
    const agreed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/briefcases/${id}/personal_data_agree`,
      headers: bearer(token),
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    const stored = await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, id));
    expect(stored).toHaveLength(2);
    expect(JSON.stringify(stored)).not.toMatch(/Иванов|4506|916/);

    // A column of its own without personal data: stored at once, the column named.
    const noted = await upload(
      t.app,
      token,
      registryXlsx(
        [debt({ note: 'первый' }), debt({ note: 'второй' })],
        [...HEADERS, 'Комментарий'],
        [...REGISTRY_KEYS, 'note'],
      ),
      fields,
    );
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().message).toBe('Файл загружен');
    expect(noted.json().data.items_count).toBe(2);
    expect(noted.json().data.warnings).toEqual([
      `Столбец не из шаблона не загружается: «Комментарий» (${letters[0]})`,
    ]);
  });

  it("reports the reader's progress while ingesting", async () => {
    const [row] = await t.ctx.db
      .insert(briefcases)
      .values({ companyId, auctionType: 'classic', status: 'created' })
      .returning();
    const file = join(dataDir, 'progress.xlsx');
    writeFileSync(file, registryXlsx(Array.from({ length: 3000 }, () => debt())));
    const seen: [string, number][] = [];
    const outcome = await ingestRegistry(t.ctx, {
      briefcaseId: row!.id,
      filePath: file,
      onProgress: (phase, fraction) => seen.push([phase, fraction]),
    });
    expect(outcome).toMatchObject({ kind: 'stored', itemsCount: 3000 });
    const checking = seen.filter(([phase]) => phase === 'checking').map(([, f]) => f);
    expect(checking.length).toBeGreaterThan(0);
    expect(checking).toEqual([...checking].sort((a, b) => a - b));
    expect(seen.at(-1)).toEqual(['lotting', 1]);
  });

  it("checks the rows' foreign key again once the upload's rows are copied, in the same transaction", async () => {
    const [row] = await t.ctx.db
      .insert(briefcases)
      .values({ companyId, auctionType: 'classic', status: 'created' })
      .returning();
    const file = join(dataDir, 'checked.xlsx');
    writeFileSync(file, registryXlsx([debt(), debt()]));
    const attempt = withRawTransaction(t.ctx, async (session) => {
      expect(await ingestInto(session, { briefcaseId: row!.id, filePath: file })).toMatchObject({
        kind: 'stored',
        itemsCount: 2,
      });
      // The copied rows' per-row checks were set aside (decision 0268); what follows is checked as ever.
      await session.query(
        `insert into registry_rows (briefcase_id, row_number, contract_id, amount_total, amount_bottomline)
         values ($1, 2, 'x', 1, 1)`,
        [row!.id + 1_000_000],
      );
    });
    await expect(attempt).rejects.toMatchObject({ code: '23503' });
    const stored = await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, row!.id));
    expect(stored).toHaveLength(0);
  });

  it('refuses to ingest into a procedure that moved past pending, checked under its row lock', async () => {
    const [row] = await t.ctx.db
      .insert(briefcases)
      .values({ companyId, auctionType: 'classic', status: 'ready' })
      .returning();
    const file = join(dataDir, 'late.xlsx');
    writeFileSync(file, registryXlsx([debt()]));
    await expect(ingestRegistry(t.ctx, { briefcaseId: row!.id, filePath: file })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Реестр можно менять только у процедуры в статусе «Создана» или «На согласовании»',
    });
    const stored = await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, row!.id));
    expect(stored).toHaveLength(0);
  });

  it('stores texts with quotes, backslashes, commas and braces as they were', async () => {
    const odd = 'Д-"1"\\2,{3} NULL';
    const response = await upload(
      t.app,
      token,
      registryXlsx([debt({ contract_id: odd, first_creditor: 'NULL' })]),
      {
        company_id: String(companyId),
        auction_type: 'dutch',
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().data.briefcase_id as number;
    const [row] = await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, id));
    expect(row).toMatchObject({ contractId: odd, firstCreditor: 'NULL' });
  });

  it('serves the template with a second sheet explaining every column', async () => {
    const response = await t.app.inject({ url: '/api/v1/registry_template/etp_rd.xlsx' });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(2);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('Номер договора');
    expect(response.rawPayload.length).toBeLessThan(30_000);
  });
});
