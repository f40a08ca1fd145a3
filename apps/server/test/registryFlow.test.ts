/**
 * Registry calls after the upload: permissions, custom matching, reloting, replacing, deleting, the
 * personal-data flow (stored rows and downloads stay de-personalised), the check report, progress and the
 * attributes dictionary.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  briefcases,
  lots,
  registryHelpRequests,
  registryReports,
  registryRows,
} from '../src/db/schema/index.ts';
import { keptRegistryPath } from '../src/modules/registries/upload/keptFiles.ts';
import { debt, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';
import { outbox } from './support/outbox.ts';

describe.each(DRIVERS)('registry flow on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let owner: string;
  let stranger: string;
  let admin: string;
  let companyId: number;
  const fields = () => ({ company_id: String(companyId), auction_type: 'classic' });

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token: owner } = await signedInMember(t));
    stranger = (await signedInMember(t)).token;
    admin = (await signIn(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).email!)).jwt.token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function created(rows = [debt({ lot_number: 1 }), debt({ lot_number: 2 }), debt({ lot_number: 2 })]) {
    const response = await upload(t.app, owner, registryXlsx(rows), fields());
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.briefcase_id as number;
  }

  const rowCount = async (id: number) =>
    (
      await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(registryRows)
        .where(eq(registryRows.briefcaseId, id))
    )[0]!.n;

  it('refuses a procedure for a company the user does not belong to; an administrator may pick any', async () => {
    const before = await t.ctx.db.select().from(briefcases);
    const foreign = await upload(t.app, stranger, registryXlsx([debt()]), fields());
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Нельзя создать процедуру от имени чужой компании');
    expect(await t.ctx.db.select().from(briefcases)).toHaveLength(before.length);

    const byAdmin = await upload(t.app, admin, registryXlsx([debt()]), fields());
    expect(byAdmin.statusCode).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(briefcases)
      .where(eq(briefcases.id, byAdmin.json().data.briefcase_id));
    expect(row).toMatchObject({ companyId, creatorType: 'admin', status: 'created' });
  });

  it('keeps another company out of lots, reloting, deletion and the check report', async () => {
    const id = await created();
    for (const [method, url] of [
      ['GET', `/api/v1/briefcases/${id}/lots.json`],
      ['GET', `/api/v1/briefcases/${id}/reloting_info`],
      ['DELETE', `/api/v1/briefcases/${id}`],
      ['GET', `/api/v1/briefcases/${id}/portfolio.xlsx`],
    ] as const) {
      const response = await call(method, url, stranger);
      expect(response.statusCode, url).toBe(404);
    }
    const bad = await upload(t.app, owner, registryXlsx([debt({ amount_total: -1 })]), fields());
    const reportUrl = `/api/v1/source_errors/${bad.json().report_id}/report.json`;
    expect((await call('GET', reportUrl, stranger)).statusCode).toBe(404);
    expect((await call('GET', reportUrl, admin)).statusCode).toBe(200);
    const report = await call('GET', reportUrl, owner);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    const line = workbook.worksheets[0]!.getRow(2).values as unknown[];
    expect(line.slice(1)).toEqual([
      2,
      'D',
      'Сумма основного долга (ОД), руб.',
      '-1',
      'Сумма не может быть отрицательной',
    ]);
  });

  it('matches a custom registry: preview with suggestions, required columns enforced, then ingested', async () => {
    const headers = ['Договор №', 'Регион', 'Основной долг', 'Общая задолженность', 'Комментарий'];
    const keys = ['contract_id', 'region_code', 'amount_total', 'amount_bottomline', 'note'];
    const rows = [debt({ note: 'первый' }), debt({ note: 'второй' })];
    const response = await upload(t.app, owner, registryXlsx(rows, headers, keys), fields());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('В файле не совпадают заголовки');
    const data = response.json().data;
    expect(data.excel_custom).toBe(true);
    expect(data.preview.headers).toEqual(headers);
    expect(data.preview.rows).toHaveLength(2);
    expect(data.preview.suggested).toHaveLength(5);
    const id = data.briefcase_id as number;
    expect(await rowCount(id)).toBe(0);

    const reopened = await call('GET', `/api/v1/briefcases/${id}/remaped_registry`, owner);
    expect(reopened.json().data).toMatchObject({ pending: true, preview: { headers } });

    const partial = await call('PUT', `/api/v1/briefcases/${id}/map_registry`, owner, {
      source_map: { 0: 'contract_id', 1: 'region_code' },
    });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().message).toMatch(/^Не сопоставлены обязательные столбцы: /);

    const checkId = randomUUID();
    const mapped = await call('PUT', `/api/v1/briefcases/${id}/map_registry`, owner, {
      source_map: { 0: 'contract_id', 1: 'region_code', 2: 'amount_total', 3: 'amount_bottomline', 4: null },
      upload_id: checkId,
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    // The check reports its progress under the client's id, as an upload does; only to its own user.
    const progress = await call('GET', `/api/v1/registry_uploads/${checkId}`, owner);
    expect(progress.json().data).toMatchObject({ phase: 'done', percent: 100 });
    expect((await call('GET', `/api/v1/registry_uploads/${checkId}`, stranger)).statusCode).toBe(404);
    expect(mapped.json().data).toMatchObject({ items_count: 2, lots_count: 1, excel_custom: true });
    expect(await rowCount(id)).toBe(2);
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row!.sourceMap).toEqual({
      0: 'contract_id',
      1: 'region_code',
      2: 'amount_total',
      3: 'amount_bottomline',
    });
    // The file stays kept with its preview: the seller may reopen the matching and check again (decisions/0201).
    expect(row!.registryKey).not.toBeNull();
    const stored = await call('GET', `/api/v1/briefcases/${id}/remaped_registry`, owner);
    expect(stored.json().data).toMatchObject({
      pending: true,
      preview: { headers },
      source_map: row!.sourceMap,
    });
    const rematched = await call('PUT', `/api/v1/briefcases/${id}/map_registry`, owner, {
      source_map: {
        0: 'contract_id',
        1: 'region_code',
        2: 'amount_total',
        3: 'amount_bottomline',
        4: 'product_type',
      },
    });
    expect(rematched.statusCode, rematched.body).toBe(200);
    expect(await rowCount(id)).toBe(2);
    const [again] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(again!.sourceMap).toMatchObject({ 4: 'product_type' });
    expect(again!.registryKey).toBe(row!.registryKey);
    expect(existsSync(keptRegistryPath(t.ctx, again!.registryKey!))).toBe(true);
    // Deleting the procedure drops the kept file with it.
    expect((await call('DELETE', `/api/v1/briefcases/${id}`, owner)).statusCode).toBe(200);
    expect(existsSync(keptRegistryPath(t.ctx, again!.registryKey!))).toBe(false);
  });

  it('relots from the stored columns and enforces the price limit', async () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      debt({
        stage: i % 3 === 0 ? 'Судебная' : 'Досудебная',
        region_code: i % 2 ? 77 : 54,
        amount_bottomline: 1_000_000,
      }),
    );
    const id = await created(rows);
    const info = await call('GET', `/api/v1/briefcases/${id}/reloting_info`, owner);
    expect(info.statusCode).toBe(200);
    const { min_price } = info.json().data;
    expect(info.json().data).toMatchObject({ items_count: 30, manual_splitting_available: false });

    const tooLow = await call('POST', `/api/v1/briefcases/${id}/reloting`, owner, {
      loting_params: { loting_type: 'equal_lots', price: min_price - 100 },
    });
    expect(tooLow.statusCode).toBe(422);
    expect(tooLow.json().errors.price[0]).toMatch(/^Не может быть меньше /);

    const byStage = await call('POST', `/api/v1/briefcases/${id}/reloting`, owner, {
      loting_params: { loting_type: 'stage_of_collection' },
    });
    expect(byStage.statusCode, byStage.body).toBe(200);
    const result = byStage.json().data;
    expect(result.lots).toHaveLength(2);
    expect(result.lots.reduce((s: number, l: { items_count: number }) => s + l.items_count, 0)).toBe(30);
    expect(result.briefcase.loting_params).toMatchObject({ loting_type: 'stage_of_collection' });
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(stored.map((l) => l.stage).sort()).toEqual(['Досудебная', 'Судебная']);
    expect(stored.reduce((s, l) => s + ((l.analytics?.bankruptcy as number) ?? 0), 0)).toBe(30);

    await t.ctx.db.update(briefcases).set({ status: 'ready' }).where(eq(briefcases.id, id));
    const late = await call('POST', `/api/v1/briefcases/${id}/reloting`, owner, {
      loting_params: { loting_type: 'stage_of_collection' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('replaces a registry; a refused replacement keeps the old one', async () => {
    const id = await created();
    const bad = await upload(
      t.app,
      owner,
      registryXlsx([debt({ region_code: 99 })]),
      {},
      `/api/v1/briefcases/${id}/source`,
    );
    expect(bad.statusCode).toBe(422);
    expect(await rowCount(id)).toBe(3);
    const good = await upload(
      t.app,
      owner,
      registryXlsx([debt(), debt()]),
      {},
      `/api/v1/briefcases/${id}/source`,
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(await rowCount(id)).toBe(2);
    expect((await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id))).length).toBe(1);

    await t.ctx.db.update(briefcases).set({ status: 'ready' }).where(eq(briefcases.id, id));
    const late = await upload(t.app, owner, registryXlsx([debt()]), {}, `/api/v1/briefcases/${id}/source`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Реестр можно менять только у процедуры в статусе «Создана» или «На согласовании»',
    );
    expect(await rowCount(id)).toBe(2);
  });

  it('keeps only the check report of the latest upload of a procedure, file and row', async () => {
    const id = await created();
    const replace = (rows: Parameters<typeof registryXlsx>[0]) =>
      upload(t.app, owner, registryXlsx(rows), {}, `/api/v1/briefcases/${id}/source`);
    const reportsOf = () =>
      t.ctx.db.select().from(registryReports).where(eq(registryReports.briefcaseId, id));
    const first = await replace([debt({ region_code: 99 })]);
    const second = await replace([debt({ amount_total: -1 })]);
    expect([first.statusCode, second.statusCode]).toEqual([422, 422]);
    const url = (reply: typeof first) => `/api/v1/source_errors/${reply.json().report_id}/report.json`;
    expect((await call('GET', url(first), owner)).statusCode).toBe(404);
    expect((await call('GET', url(second), owner)).statusCode).toBe(200);
    const [kept] = await reportsOf();
    expect((await reportsOf()).map((r) => r.id)).toEqual([second.json().report_id]);
    expect(existsSync(join(dataDir, 'files', kept!.storageKey))).toBe(true);
    // A good file replaces the registry: no report of the earlier attempts is left, nor its file.
    expect((await replace([debt()])).statusCode).toBe(200);
    expect(await reportsOf()).toEqual([]);
    expect((await call('GET', url(second), owner)).statusCode).toBe(404);
    expect(existsSync(join(dataDir, 'files', kept!.storageKey))).toBe(false);
  });

  it('deletes a created procedure with everything of its registry; not once it is ready', async () => {
    const id = await created();
    const gone = await call('DELETE', `/api/v1/briefcases/${id}`, owner);
    expect(gone.statusCode).toBe(200);
    expect(await rowCount(id)).toBe(0);
    expect(await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id))).toHaveLength(0);
    expect((await call('DELETE', `/api/v1/briefcases/${id}`, owner)).statusCode).toBe(404);

    const ready = await created();
    await t.ctx.db.update(briefcases).set({ status: 'ready' }).where(eq(briefcases.id, ready));
    expect((await call('DELETE', `/api/v1/briefcases/${ready}`, owner)).statusCode).toBe(409);
  });

  it('reports processing progress by upload id to its uploader only', async () => {
    const uploadId = randomUUID();
    const response = await upload(t.app, owner, registryXlsx([debt(), debt()]), {
      ...fields(),
      upload_id: uploadId,
    });
    expect(response.statusCode).toBe(200);
    const progress = await call('GET', `/api/v1/registry_uploads/${uploadId}`, owner);
    expect(progress.json().data).toEqual({ phase: 'done', percent: 100 });
    expect((await call('GET', `/api/v1/registry_uploads/${uploadId}`, stranger)).statusCode).toBe(404);
  });

  it('serves the registry attributes dictionary', async () => {
    const response = await t.app.inject({ url: '/api/v1/dictionaries?keys=registry_attributes' });
    const items = response.json().data.registry_attributes;
    expect(items[0]).toMatchObject({ value: 'contract_id', text: 'Номер договора', required: true });
    expect(items.some((i: { analytics: boolean }) => i.analytics)).toBe(true);
  });

  describe('personal data', () => {
    const NAME = 'Иванов Иван Иванович';
    const PHONE = '+7 916 123-45-67';
    const withPersonalData = () =>
      registryXlsx([
        debt({ first_creditor: NAME, loan_kind: PHONE }),
        debt({ first_creditor: 'Петров Пётр Петрович', loan_kind: '+7 903 765-43-21' }),
        debt(),
      ]);

    async function flagged() {
      const response = await upload(t.app, owner, withPersonalData(), fields());
      expect(response.statusCode, response.body).toBe(422);
      const body = response.json();
      expect(body).toMatchObject({
        status: 'error',
        personal_data_found: true,
        message: 'Подозрение на наличие персональных данных',
      });
      const kinds = body.data.personal_data.map((f: { kind: string }) => f.kind).sort();
      expect(kinds).toEqual(['full_name', 'phone']);
      expect(JSON.stringify(body)).not.toContain('Иванов');
      const id = body.data.briefcase_id as number;
      expect(await rowCount(id)).toBe(0);
      return id;
    }

    it('raises the finding, mails the log without values and takes a help request', async () => {
      const id = await flagged();
      const empty = await call('POST', `/api/v1/briefcases/${id}/validate_personal_data`, owner, {
        email: '',
      });
      expect(empty.statusCode).toBe(422);
      expect(empty.json().errors.email).toEqual(['не может быть пустым']);
      const malformed = await call('POST', `/api/v1/briefcases/${id}/validate_personal_data`, owner, {
        email: 'a@',
      });
      expect(malformed.json().errors.email).toEqual(['имеет неверный формат']);
      const sent = await call('POST', `/api/v1/briefcases/${id}/validate_personal_data`, owner, {
        email: 'seller@example.ru',
      });
      expect(sent.statusCode).toBe(200);
      const [mail] = await outbox(t.app, 'seller@example.ru');
      expect(mail!.body).toContain('ФИО');
      expect(mail!.body).not.toContain('Иванов');

      const noContact = await call('POST', `/api/v1/briefcases/${id}/help_request`, owner, { contact: ' ' });
      expect(noContact.statusCode).toBe(422);
      expect(noContact.json().errors.contact).toEqual(['не может быть пустым']);
      const foreign = await call('POST', `/api/v1/briefcases/${id}/help_request`, stranger, { contact: 'x' });
      expect(foreign.statusCode).toBe(404);
      const help = await call('POST', `/api/v1/briefcases/${id}/help_request`, owner, {
        contact: '+7 999 000-00-00',
      });
      expect(help.statusCode).toBe(200);
      expect(
        await t.ctx.db.select().from(registryHelpRequests).where(eq(registryHelpRequests.briefcaseId, id)),
      ).toHaveLength(1);
      const [support] = await outbox(t.app, t.ctx.config.supportEmail);
      expect(support!.body).toContain('+7 999 000-00-00');
    });

    it('lets only an administrator skip the check; the stored rows and the download are de-personalised', async () => {
      const id = await flagged();
      const denied = await call('POST', `/api/v1/briefcases/${id}/skip_validation`, owner);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('Пропустить проверку может только администратор');
      const skipped = await call('POST', `/api/v1/briefcases/${id}/custom_skip_validation`, admin);
      expect(skipped.statusCode, skipped.body).toBe(200);
      expect(skipped.json().data.items_count).toBe(3);
      const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
      expect(row).toMatchObject({ personalDataSkipped: true, personalDataFound: true, registryKey: null });

      const dump = JSON.stringify(
        await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, id)),
      );
      expect(dump).not.toContain('Иванов');
      expect(dump).not.toContain('916');
      const download = await call('GET', `/api/v1/briefcases/${id}/portfolio.xlsx`, owner);
      expect(download.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(4);
      const cells: string[] = [];
      sheet.eachRow((r) => cells.push(JSON.stringify(r.values)));
      expect(cells.join()).not.toContain('Иванов');
      expect(cells.join()).not.toContain('916');
    });

    it('ingests after the owner agrees, dropping the personal-data columns', async () => {
      const id = await flagged();
      const agreed = await call('PATCH', `/api/v1/briefcases/${id}/personal_data_agree`, owner);
      expect(agreed.statusCode, agreed.body).toBe(200);
      expect(await rowCount(id)).toBe(3);
      const stored = await t.ctx.db.select().from(registryRows).where(eq(registryRows.briefcaseId, id));
      expect(stored.every((r) => r.firstCreditor === null && r.loanKind === null)).toBe(true);
      const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
      expect(row!.personalDataAgreement).toBe(true);
    });
  });
});
