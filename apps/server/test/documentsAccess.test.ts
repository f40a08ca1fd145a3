/**
 * Every download call of a procedure (issue 18 part 2, decisions/0121-0122) for each role: anonymous, a buyer not
 * invited, the invited buyer, the seller's owner and collaborator, an administrator. The procedure is closed by
 * invitation and traded to the end; then the files are read: the archive's entries, the xlsx sheets, the csv's BOM,
 * and the counter and history of downloads.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPEC_DOWNLOADS } from '@etp/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcaseCompanyLists } from '../src/db/schema/index.ts';
import { inspectZip } from '../src/http/zipGuard.ts';
import { DOCUMENT_REFUSALS } from '../src/modules/documents/documents.messages.ts';
import { DOWNLOAD_LINK_MESSAGES } from '../src/modules/documents/downloadLinks.service.ts';
import { refreshStaleProtocols } from '../src/modules/documents/protocols.service.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildDocument } from './support/documents.ts';
import { buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { api, buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

const MINUTE = 60_000;
const ROLES = ['anon', 'buyer', 'invited', 'owner', 'collab', 'admin'] as const;
type Role = (typeof ROLES)[number];

describe.each(DRIVERS)('procedure downloads on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let briefcaseId: number;
  let docs: { template: number; other: number; protocol: number };
  const tokens = {} as Record<Exclude<Role, 'anon'>, string>;
  let downloadsMade = 0;

  beforeAll(async () => {
    // The built web app is a page of its own, so the test sees the spec's paths are not taken by its fallback.
    const dist = mkdtempSync(join(tmpdir(), 'etp-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>ЭТП РД</title>');
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400', WEB_DIST_DIR: dist });
    floor = await buildFloor(t, 2);
    call = api(t);
    const [invited, outsider] = floor.buyers as [Trader, Trader];
    const collaborator = await buildUser(t.ctx.db, { company: { id: floor.sellerCompany.id }, owner: false });
    Object.assign(tokens, {
      buyer: outsider.token,
      invited: invited.token,
      owner: floor.seller.token,
      collab: (await signIn(t.app, collaborator.email!)).jwt.token,
      admin: floor.admin.token,
    });
    const { briefcase, lot } = await tradingLot(t, floor, { endInMs: 10 * MINUTE });
    briefcaseId = briefcase.id;
    await t.ctx.db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId, companyId: invited.companyId, list: 'whitelist' });
    const template = await buildDocument(t, briefcase, { kind: 'template', name: 'Регламент' });
    const other = await buildDocument(t, briefcase, { kind: 'other', name: 'Записка продавца' });
    const bid = await call.bid(invited, { lot_id: lot.id, amount: 1_200_000 });
    expect(bid.statusCode).toBe(200);
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    t.clock.advance(10 * MINUTE);
    await scheduler.tick();
    await scheduler.stop();
    expect(
      (
        await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
          bid_id: bid.json().data.bid_id,
        })
      ).statusCode,
    ).toBe(200);
    await refreshStaleProtocols(t.ctx);
    const listed = (await call.get(floor.seller, `/api/v1/briefcases/${briefcaseId}/documents`)).json().data;
    docs = { template: template.id, other: other.id, protocol: listed.protocol.id };
  }, 120_000);
  afterAll(() => t.close());

  const request = (role: Role, url: string) =>
    t.app.inject({ url, headers: role === 'anon' ? {} : bearer(tokens[role]) });

  const CALLS: { what: string; url: () => string; expected: Record<Role, number> }[] = [
    {
      what: 'documents',
      url: () => `/api/v1/briefcases/${briefcaseId}/documents`,
      expected: { anon: 401, buyer: 404, invited: 200, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'documentation file',
      url: () => `/api/v1/briefcases/${briefcaseId}/documents/${docs.template}`,
      expected: { anon: 401, buyer: 404, invited: 200, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: '"Другой документ" after trading',
      url: () => `/api/v1/briefcases/${briefcaseId}/documents/${docs.other}`,
      expected: { anon: 401, buyer: 404, invited: 404, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'trade protocol',
      url: () => `/api/v1/briefcases/${briefcaseId}/documents/${docs.protocol}`,
      expected: { anon: 401, buyer: 404, invited: 404, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'trade protocol (its lasting link)',
      url: () => `/api/v1/briefcases/${briefcaseId}/protocol`,
      expected: { anon: 401, buyer: 404, invited: 404, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'main_report',
      url: () => `/api/v1/briefcases/${briefcaseId}/main_report`,
      expected: { anon: 401, buyer: 404, invited: 200, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'zip_documents',
      url: () => `/api/v1/briefcases/${briefcaseId}/zip_documents`,
      expected: { anon: 401, buyer: 404, invited: 200, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'report',
      url: () => `/api/v1/briefcases/${briefcaseId}/report`,
      expected: { anon: 401, buyer: 404, invited: 403, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'lots_report',
      url: () => `/api/v1/briefcases/${briefcaseId}/lots_report`,
      expected: { anon: 401, buyer: 404, invited: 403, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'companies_info',
      url: () => `/api/v1/briefcases/${briefcaseId}/companies_info`,
      expected: { anon: 401, buyer: 404, invited: 403, owner: 200, collab: 200, admin: 200 },
    },
    {
      what: 'downloads_info',
      url: () => `/api/v1/briefcases/${briefcaseId}/downloads_info`,
      expected: { anon: 401, buyer: 404, invited: 403, owner: 200, collab: 200, admin: 200 },
    },
  ];

  it('answers every role of every download call as spec 2 §6 says', async () => {
    const mismatches: string[] = [];
    for (const entry of CALLS) {
      for (const role of ROLES) {
        const response = await request(role, entry.url());
        if (response.statusCode !== entry.expected[role])
          mismatches.push(
            `${entry.what} as ${role}: ${response.statusCode}, expected ${entry.expected[role]}`,
          );
        if (entry.what !== 'documents' && response.statusCode === 200) downloadsMade++;
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('puts in the archive what the caller may download, and nothing else', async () => {
    const entries = async (role: Role) => {
      const response = await request(role, `/api/v1/briefcases/${briefcaseId}/zip_documents`);
      expect(response.headers['content-type']).toBe('application/zip');
      downloadsMade++;
      const zip = inspectZip(response.rawPayload, { maxEntries: 100, maxTotalBytes: 50_000_000 });
      if (!zip.ok) throw new Error(`not a zip: ${zip.reason}`);
      return zip.names.sort();
    };
    expect(await entries('invited')).toEqual(
      [`Общие результаты аукциона ТП №${briefcaseId}.pdf`, 'Регламент.pdf'].sort(),
    );
    expect(await entries('collab')).toEqual(
      [
        `Общие результаты аукциона ТП №${briefcaseId}.pdf`,
        `Протокол торгов ТП №${briefcaseId}.pdf`,
        'Записка продавца.pdf',
        'Регламент.pdf',
      ].sort(),
    );
  });

  it('writes the seller xlsx reports and the companies csv (UTF-8 with BOM)', async () => {
    const read = async (url: string) => {
      const response = await request('owner', url);
      expect(response.statusCode).toBe(200);
      downloadsMade++;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return book;
    };
    const report = await read(`/api/v1/briefcases/${briefcaseId}/report`);
    expect(report.worksheets.map((w) => w.name)).toEqual(['Сводка', 'Лоты', 'Ставки']);
    const lotsSheet = report.getWorksheet('Лоты')!;
    expect(lotsSheet.getRow(2).getCell(12).value).toBe('ООО «Покупатель 1»');
    expect(lotsSheet.getRow(2).getCell(8).value).toBe(12_000);
    const bidsSheet = report.getWorksheet('Ставки')!;
    expect(bidsSheet.rowCount).toBe(2);
    expect(bidsSheet.getRow(2).getCell(3).value).toBe('ООО «Покупатель 1»');
    expect(bidsSheet.getRow(2).getCell(6).value).toBe('Ставка');

    const lots = await read(`/api/v1/briefcases/${briefcaseId}/lots_report`);
    expect(lots.getWorksheet('Лоты')!.getRow(2).getCell(3).value).toBe('Завершён');

    const csv = await request('owner', `/api/v1/briefcases/${briefcaseId}/companies_info`);
    downloadsMade++;
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Компания;Полное наименование;ИНН;Тип;Роль в процедуре;Ставок;Лотов со ставками;Выиграно лотов',
    );
    expect(lines[1]).toMatch(/^ООО «Покупатель 1»;.*;Участник;1;1;1$/);
    expect(lines).toHaveLength(2);
  });

  it('counts every download for the statistics and lists it in the history', async () => {
    const history = await request('owner', `/api/v1/briefcases/${briefcaseId}/downloads_info`);
    downloadsMade++;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(history.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('История скачиваний')!;
    expect(sheet.rowCount - 1).toBe(downloadsMade);
    expect(sheet.getRow(2).getCell(5).value).toBe(`История скачиваний ТП №${briefcaseId}.xlsx`);
    const stats = await request('owner', `/api/v1/charts/briefcases/${briefcaseId}/stats`);
    expect(stats.json().data.attributes.downloaded).toBe(downloadsMade);
    const listed = (await request('collab', `/api/v1/briefcases/${briefcaseId}/documents`)).json().data;
    expect(listed.seller.downloads_count).toBe(downloadsMade);
    expect(listed.seller.recent_downloads).toHaveLength(10);
    // A participant gets none of the seller's part.
    expect(
      (await request('invited', `/api/v1/briefcases/${briefcaseId}/documents`)).json().data.seller,
    ).toBeNull();
  });

  it('answers every role while trading and before approval: results refused with the reason, reports only once approved', async () => {
    const [invited] = floor.buyers as [Trader];
    const { briefcase: active } = await tradingLot(t, floor);
    await t.ctx.db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId: active.id, companyId: invited.companyId, list: 'whitelist' });
    await buildDocument(t, active, { kind: 'template', name: 'Регламент' });
    const { briefcase: pending } = await tradingLot(t, floor, {
      status: 'ready',
      startInMs: 86_400_000,
      endInMs: 90_000_000,
      briefcase: { status: 'pending' },
      lot: { status: 'created' },
    });
    await t.ctx.db
      .insert(briefcaseCompanyLists)
      .values({ briefcaseId: pending.id, companyId: invited.companyId, list: 'whitelist' });

    const seller = { owner: 0, collab: 0, admin: 0 };
    const each = (code: number) => ({ owner: code, collab: code, admin: code });
    const matrix: { what: string; url: string; expected: Record<Role, number> }[] = [
      {
        what: 'trading: trade protocol',
        url: `/api/v1/briefcases/${active.id}/protocol`,
        expected: { anon: 401, buyer: 404, invited: 404, ...each(409) },
      },
      {
        what: 'trading: main_report',
        url: `/api/v1/briefcases/${active.id}/main_report`,
        expected: { anon: 401, buyer: 404, invited: 409, ...each(409) },
      },
      {
        what: 'trading: zip_documents',
        url: `/api/v1/briefcases/${active.id}/zip_documents`,
        expected: { anon: 401, buyer: 404, invited: 200, ...each(200) },
      },
      ...(['report', 'lots_report', 'companies_info', 'downloads_info'] as const).flatMap((call) => [
        {
          what: `trading: ${call}`,
          url: `/api/v1/briefcases/${active.id}/${call}`,
          expected: { anon: 401, buyer: 404, invited: 403, ...each(200) },
        },
        {
          what: `before approval: ${call}`,
          url: `/api/v1/briefcases/${pending.id}/${call}`,
          expected: { anon: 401, buyer: 404, invited: 404, ...each(409) },
        },
      ]),
      {
        what: 'before approval: zip_documents of a procedure without documents',
        url: `/api/v1/briefcases/${pending.id}/zip_documents`,
        expected: { anon: 401, buyer: 404, invited: 404, ...each(404) },
      },
    ];
    const mismatches: string[] = [];
    const messages = new Map<string, string>();
    for (const entry of matrix) {
      for (const role of ROLES) {
        const response = await request(role, entry.url);
        if (response.statusCode !== entry.expected[role])
          mismatches.push(
            `${entry.what} as ${role}: ${response.statusCode}, expected ${entry.expected[role]}`,
          );
        if (role in seller && response.statusCode !== 200) messages.set(entry.what, response.json().message);
      }
    }
    expect(mismatches).toEqual([]);
    // The seller is told why (decisions/0121); the zip of the active procedure holds its documentation only.
    expect(messages.get('trading: trade protocol')).toBe(DOCUMENT_REFUSALS.protocolAfterEnd);
    expect(messages.get('trading: main_report')).toBe(DOCUMENT_REFUSALS.mainReportAfterEnd);
    expect(messages.get('before approval: report')).toBe(DOCUMENT_REFUSALS.reportsAfterApproval);
    expect(messages.get('before approval: zip_documents of a procedure without documents')).toBe(
      DOCUMENT_REFUSALS.nothingToArchive,
    );
    const zip = inspectZip(
      (await request('invited', `/api/v1/briefcases/${active.id}/zip_documents`)).rawPayload,
      { maxEntries: 100, maxTotalBytes: 50_000_000 },
    );
    expect(zip.ok && zip.names).toEqual(['Регламент.pdf']);
  }, 120_000);
  /** The spec's own path of each download (spec 2 §7) and the /api/v1 call it mirrors. */
  const specPath = (what: string, id = briefcaseId) => `/briefcases/${id}/${what}`;
  const linkFor = (role: Exclude<Role, 'anon'>, file: string, id = briefcaseId) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/briefcases/${id}/download_link`,
      headers: bearer(tokens[role]),
      payload: { file },
    });

  it('answers the six downloads at the spec’s paths as under /api/v1, for every role (with the token)', async () => {
    const mismatches: string[] = [];
    for (const what of SPEC_DOWNLOADS) {
      for (const role of ROLES) {
        const api = await request(role, `/api/v1/briefcases/${briefcaseId}/${what}`);
        const spec = await request(role, specPath(what));
        if (
          spec.statusCode !== api.statusCode ||
          spec.headers['content-type'] !== api.headers['content-type']
        )
          mismatches.push(
            `${what} as ${role}: ${spec.statusCode} ${spec.headers['content-type']}, /api/v1 ${api.statusCode} ${api.headers['content-type']}`,
          );
        // A refusal is the JSON envelope, never the web app's page.
        if (spec.statusCode !== 200 && spec.json().status !== 'error')
          mismatches.push(`${what} as ${role}: not JSON`);
      }
    }
    expect(mismatches).toEqual([]);
    const report = await request('owner', specPath('report'));
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toContain('attachment');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(report.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Сводка', 'Лоты', 'Ставки']);
  }, 120_000);

  it('opens each spec path by a signed link without the header, checking the rights of whom it was given to', async () => {
    const expected = { zip: 'application/zip', pdf: 'application/pdf', csv: 'text/csv; charset=utf-8' };
    const types: Record<string, string> = {
      zip_documents: expected.zip,
      main_report: expected.pdf,
      companies_info: expected.csv,
    };
    for (const what of SPEC_DOWNLOADS) {
      const issued = await linkFor('collab', what);
      expect(issued.statusCode).toBe(200);
      const { url, expires_at } = issued.json().data;
      expect(url.startsWith(`${specPath(what)}?signature=`)).toBe(true);
      expect(new Date(expires_at).getTime() - t.clock.now().getTime()).toBe(60_000);
      const file = await t.app.inject({ url });
      expect(file.statusCode, what).toBe(200);
      expect(file.headers['content-type']).toBe(
        types[what] ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(file.rawPayload.byteLength).toBeGreaterThan(0);
    }
    // The participant's link to the seller's report opens nothing: the download decides as it does with the token.
    const participant = await linkFor('invited', 'report');
    expect(participant.statusCode).toBe(200);
    expect((await t.app.inject({ url: participant.json().data.url })).statusCode).toBe(403);
    const archive = await linkFor('invited', 'zip_documents');
    expect((await t.app.inject({ url: archive.json().data.url })).statusCode).toBe(200);
    // Those who may not open the card get no link; an unknown file is refused; nobody signed out gets one.
    expect((await linkFor('buyer', 'report')).statusCode).toBe(404);
    expect((await linkFor('owner', 'protocol')).statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/briefcases/${briefcaseId}/download_link`,
          payload: { file: 'report' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a spec path without the header or a link, and a link expired, tampered with or for another path', async () => {
    for (const what of SPEC_DOWNLOADS) {
      const bare = await t.app.inject({ url: specPath(what) });
      expect(bare.statusCode).toBe(401);
      expect(bare.json().status).toBe('error');
    }
    const { url } = (await linkFor('owner', 'lots_report')).json().data as { url: string };
    const signature = url.split('signature=')[1]!;
    const [payload, seal] = signature.split('.') as [string, string];
    const flipped = `${seal.slice(0, -1)}${seal.endsWith('A') ? 'B' : 'A'}`;
    const refused = async (target: string) => {
      const response = await t.app.inject({ url: target });
      expect(response.statusCode, target).toBe(401);
      return response.json().message as string;
    };
    // The seal altered, the payload altered (another user), the link moved to another file or procedure.
    expect(await refused(`${specPath('lots_report')}?signature=${payload}.${flipped}`)).toBe(
      DOWNLOAD_LINK_MESSAGES.invalid,
    );
    const forged = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        u: floor.buyers[0]!.userId,
      }),
    ).toString('base64url');
    expect(await refused(`${specPath('lots_report')}?signature=${forged}.${seal}`)).toBe(
      DOWNLOAD_LINK_MESSAGES.invalid,
    );
    expect(await refused(`${specPath('report')}?signature=${signature}`)).toBe(
      DOWNLOAD_LINK_MESSAGES.invalid,
    );
    expect(await refused(`${specPath('lots_report', briefcaseId + 1)}?signature=${signature}`)).toBe(
      DOWNLOAD_LINK_MESSAGES.invalid,
    );
    // A signed link is not a token for the calls.
    expect(
      (await t.app.inject({ url: `/api/v1/briefcases/${briefcaseId}/lots_report?signature=${signature}` }))
        .statusCode,
    ).toBe(401);
    // Within its minute it opens; past it, refused with the reason.
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    t.clock.advance(61_000);
    expect(await refused(url)).toBe(DOWNLOAD_LINK_MESSAGES.expired);
    // A link outlives neither the session it was given in.
    const collaborator = await buildUser(t.ctx.db, { company: { id: floor.sellerCompany.id }, owner: false });
    const session = (await signIn(t.app, collaborator.email!)).jwt.token;
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/briefcases/${briefcaseId}/download_link`,
      headers: bearer(session),
      payload: { file: 'report' },
    });
    expect((await t.app.inject({ url: '/api/v1/user/sign_out', headers: bearer(session) })).statusCode).toBe(
      200,
    );
    expect(await refused(link.json().data.url)).toBe(DOWNLOAD_LINK_MESSAGES.invalid);
  });

  it('still gives the web app’s page at its own routes beside the spec’s download paths', async () => {
    for (const page of ['', '/trade', '/trade?page=2&id=5', '/analytics', '/statistics', '/faq']) {
      const response = await t.app.inject({ url: `/briefcases/${briefcaseId}${page}` });
      expect(response.statusCode, page).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('ЭТП РД');
    }
    const download = await request('owner', specPath('lots_report'));
    expect(download.headers['content-type']).not.toContain('text/html');
  });
});
