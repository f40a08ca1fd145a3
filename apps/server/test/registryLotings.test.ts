/** Custom-template lotting without a procedure (/api/v1/lotings), then a procedure made from the draft. */
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, lotings, registryReports, registryRows } from '../src/db/schema/index.ts';
import { loadRegistrySnapshot } from '../src/modules/registries/ingest/snapshot.queries.ts';
import { decodeAssignment, decodeColumns } from '../src/modules/registries/ingest/snapshot.ts';
import { debt, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { bearer } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

const HEADERS = ['Договор', 'Регион должника', 'Остаток ОД', 'Сумма задолженности', 'Стадия'];
const KEYS = ['contract_id', 'region_code', 'amount_total', 'amount_bottomline', 'stage'];
const MAP = { 0: 'contract_id', 1: 'region_code', 2: 'amount_total', 3: 'amount_bottomline', 4: 'stage' };

describe.each(DRIVERS)('lotings on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let token: string;
  let other: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token } = await signedInMember(t));
    other = (await signedInMember(t)).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who = token, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });

  it('uploads a custom registry, suggests the matching, lots it, relots it and makes a procedure of it', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => debt({ stage: i % 2 ? 'Судебная' : 'Досудебная' }));
    const created = await upload(
      t.app,
      token,
      registryXlsx(rows, HEADERS, KEYS),
      {},
      '/api/v1/lotings/create_custom',
    );
    expect(created.statusCode, created.body).toBe(200);
    const preview = created.json().data.preview;
    expect(preview.headers).toEqual(HEADERS);
    expect(preview.rows).toHaveLength(5);
    expect(preview.suggested[0]).toBe('contract_id');
    expect(preview.suggested[4]).toBe('stage');

    const missing = await call('PUT', '/api/v1/lotings/map_registry', token, {
      source_map: { 0: 'contract_id' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toMatch(/^Не сопоставлены обязательные столбцы/);

    const mapped = await call('PUT', '/api/v1/lotings/map_registry', token, { source_map: MAP });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toMatchObject({ items_count: 12, lots_count: 1 });

    const state = await call('GET', '/api/v1/lotings');
    expect(state.json().data.lots).toHaveLength(1);
    expect(state.json().data.source_map).toEqual(MAP);
    expect((await call('GET', '/api/v1/lotings', other)).statusCode).toBe(404);

    const info = await call('GET', '/api/v1/lotings/reloting_info');
    expect(info.json().data.min_price).toBeGreaterThan(0);
    const relot = await call('POST', '/api/v1/lotings/reloting', token, {
      loting_params: { loting_type: 'stage_of_collection' },
    });
    expect(relot.statusCode, relot.body).toBe(200);
    expect(relot.json().data.lots).toHaveLength(2);

    const remapped = await call('PUT', '/api/v1/lotings/remaped_registry', token, {
      source_map: { ...MAP, 4: null },
    });
    expect(remapped.statusCode).toBe(200);

    const procedure = await call('POST', '/api/v1/briefcases', token, {
      company_id: companyId,
      auction_type: 'classic',
      from_loting: true,
    });
    expect(procedure.statusCode, procedure.body).toBe(200);
    const id = procedure.json().data.briefcase_id as number;
    const [n] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(registryRows)
      .where(eq(registryRows.briefcaseId, id));
    expect(n!.n).toBe(12);
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row).toMatchObject({ excelCustom: true, itemsCount: 12 });
    expect(await t.ctx.db.select().from(lotings)).toHaveLength(0);
  });

  it('refuses a file that is not an xlsx and clears a draft', async () => {
    const bad = await upload(t.app, token, Buffer.from('не таблица'), {}, '/api/v1/lotings/create_custom');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Файл должен быть в формате MS Excel - XLSX');
    expect(await t.ctx.db.select().from(lotings)).toHaveLength(0);

    await upload(t.app, token, registryXlsx([debt()], HEADERS, KEYS), {}, '/api/v1/lotings/create_custom');
    expect(await t.ctx.db.select().from(lotings)).toHaveLength(1);
    expect((await call('DELETE', '/api/v1/lotings/clear')).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(lotings)).toHaveLength(0);
  });

  it('refuses a draft with invalid rows with a streamed check report; a valid one stores its columns', async () => {
    const rows = [debt(), ...Array.from({ length: 60 }, () => debt({ region_code: 99 }))];
    await upload(t.app, token, registryXlsx(rows, HEADERS, KEYS), {}, '/api/v1/lotings/create_custom');
    const refused = await call('PUT', '/api/v1/lotings/map_registry', token, { source_map: MAP });
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.message).toBe(
      'Найдено большое количество ошибок, пожалуйста, ознакомьтесь с файлом проверки реестра',
    );
    expect(body.errors.source).toHaveLength(50);
    expect(body.errors.source[0]).toBe('Строка 3, столбец B: Неизвестный код региона 99');
    expect(body.data.errors_count).toBe(60);
    const report = await call('GET', `/api/v1/source_errors/${body.report_id}/report.json`);
    expect(report.statusCode).toBe(200);
    expect(Number(report.headers['content-length'])).toBe(report.rawPayload.length);
    expect(report.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith(`etp-registry-${process.pid}-`))).toEqual([]);

    await upload(
      t.app,
      token,
      registryXlsx(
        Array.from({ length: 30 }, () => debt()),
        HEADERS,
        KEYS,
      ),
      {},
      '/api/v1/lotings/create_custom',
    );
    expect((await call('PUT', '/api/v1/lotings/map_registry', token, { source_map: MAP })).statusCode).toBe(
      200,
    );
    const [draft] = await t.ctx.db.select().from(lotings);
    const snapshot = await loadRegistrySnapshot(t.ctx.db, 'lotings', draft!.id);
    expect(decodeColumns(snapshot.columns!).count).toBe(30);
    expect(decodeAssignment(snapshot.assignment!)).toHaveLength(30);
    expect((await call('DELETE', '/api/v1/lotings/clear')).statusCode).toBe(200);
  });
  it("keeps only the check report of the draft's latest check, and none once the draft is cleared", async () => {
    const reportOf = async (id: string) =>
      (await call('GET', `/api/v1/source_errors/${id}/report.json`)).statusCode;
    const stored = async () =>
      (await t.ctx.db.select().from(registryReports).where(isNull(registryReports.briefcaseId)))
        .map((r) => r.id)
        .sort();
    const invalid = [debt(), debt({ region_code: 99 })];
    await upload(t.app, token, registryXlsx(invalid, HEADERS, KEYS), {}, '/api/v1/lotings/create_custom');
    const first = (await call('PUT', '/api/v1/lotings/map_registry', token, { source_map: MAP })).json()
      .report_id;
    // Checked again with the same matching: the new report replaces the first.
    const second = (await call('PUT', '/api/v1/lotings/remaped_registry', token, { source_map: MAP })).json()
      .report_id;
    expect(second).not.toBe(first);
    expect(await reportOf(first)).toBe(404);
    expect(await reportOf(second)).toBe(200);
    expect(await stored()).toEqual([second]);
    // A new file starts the draft over: the old draft's report goes with it.
    await upload(t.app, token, registryXlsx(invalid, HEADERS, KEYS), {}, '/api/v1/lotings/create_custom');
    expect(await reportOf(second)).toBe(404);
    const third = (await call('PUT', '/api/v1/lotings/map_registry', token, { source_map: MAP })).json()
      .report_id;
    expect(await stored()).toEqual([third]);
    expect((await call('DELETE', '/api/v1/lotings/clear')).statusCode).toBe(200);
    expect(await reportOf(third)).toBe(404);
    expect(await stored()).toEqual([]);
  });
});
