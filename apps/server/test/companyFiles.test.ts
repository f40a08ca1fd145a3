import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildZip, deflatedZeros } from '@etp/xlsx/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, memberships } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { BIK, columnsOf, columnsOfForm, companyCalls, LEGAL_FORM } from './support/companyForm.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { type FormEntry, PDF, PNG, tempDataDir } from './support/multipart.ts';

describe.each(DRIVERS)('company logo and documents on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let adminToken: string;
  const { tokenOf, saveForm, companyOf } = companyCalls(() => t);

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    const admin = await buildUser(t.ctx.db, { role: 'admin' });
    adminToken = (await signIn(t.app, admin.email!)).jwt.token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a multipart form with a logo and documents checked by content, and removes a document', async () => {
    const user = await buildUser(t.ctx.db, { company: null });
    const token = await tokenOf(user);
    const fields: FormEntry[] = [
      ['kind', 'mfo'],
      ['name', 'ООО МКК «Заём»'],
      ['inn', '7710140679'],
      ['current_address', 'Москва, 1-й Волоколамский пр., 10'],
      ['agreement', 'on'],
      ['bank_account[bik]', BIK],
      ['bank_account[account]', LEGAL_FORM.bank_account.account],
    ];
    const created = await saveForm(token, [
      ...fields,
      ['logo', { file: PNG, name: 'logo.png' }],
      ['documents_attributes[0][file]', { file: PDF, name: 'Устав.pdf', type: 'application/pdf' }],
      ['documents_attributes[1][file]', { file: PNG, name: 'C:\\scans\\ОГРН.png' }],
    ]);
    expect(created.statusCode).toBe(200);
    const company = created.json().data;
    expect(company.logo_url).toBe(`/api/v1/files/company_logos/${company.id}`);
    expect(company.documents.map((d: { name: string }) => d.name)).toEqual(['Устав.pdf', 'ОГРН.png']);
    expect(company.bank_account.account).toBe(LEGAL_FORM.bank_account.account);

    const logo = await t.app.inject({ url: company.logo_url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    const doc = await t.app.inject({ url: company.documents[0].url, headers: bearer(token) });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    expect(doc.rawPayload.equals(PDF)).toBe(true);
    // Another company's user and an anonymous visitor do not get the papers.
    const stranger = await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db) });
    expect(
      (await t.app.inject({ url: company.documents[0].url, headers: bearer(await tokenOf(stranger)) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: company.documents[0].url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: company.documents[0].url, headers: bearer(adminToken) })).statusCode,
    ).toBe(200);

    const removed = await saveForm(token, [
      ...fields,
      ['documents_attributes[0][id]', String(company.documents[0].id)],
      ['documents_attributes[0][_destroy]', 'true'],
    ]);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.documents.map((d: { name: string }) => d.name)).toEqual(['ОГРН.png']);
    expect((await t.app.inject({ url: company.documents[0].url, headers: bearer(token) })).statusCode).toBe(
      404,
    );
  });

  it('refuses a document that is not what it claims, or one over 30 MB, and stores nothing', async () => {
    const user = await buildUser(t.ctx.db, { company: null });
    const token = await tokenOf(user);
    const base: FormEntry[] = Object.entries({
      ...LEGAL_FORM,
      bank_account: undefined,
      agreement: 'true',
    }).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as FormEntry] : []));
    const script = await saveForm(token, [
      ...base,
      ['documents_attributes[0][file]', { file: Buffer.from('#!/bin/sh\nrm -rf /'), name: 'Устав.pdf' }],
    ]);
    expect(script.statusCode).toBe(422);
    expect(script.json().errors).toEqual({
      'documents_attributes.0.file': [
        'Документ должен быть в формате PDF, JPEG, PNG, DOC, DOCX, XLS, XLSX, ODT или RTF',
      ],
    });
    const huge = await saveForm(token, [
      ...base,
      [
        'documents_attributes[0][file]',
        { file: Buffer.concat([PDF, Buffer.alloc(30 * 1024 * 1024)]), name: 'big.pdf' },
      ],
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().errors).toEqual({
      'documents_attributes.0.file': ['Размер документа не должен превышать 30 МБ'],
    });
    // Each under 30 MB, together over the 100 MB of spec 1 §5: refused at the byte that passes it.
    const part = Buffer.concat([PDF, Buffer.alloc(26 * 1024 * 1024)]);
    const many = await saveForm(token, [
      ...base,
      ...[0, 1, 2, 3].map(
        (i) => [`documents_attributes[${i}][file]`, { file: part, name: `${i}.pdf` }] as FormEntry,
      ),
    ]);
    expect(many.statusCode).toBe(413);
    expect(many.json().errors).toEqual({
      documents_attributes: ['Превышен размер загружаемых файлов... не должен превышать 100 МБ'],
    });
    expect(await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);
  });

  it('downloads a document under the extension of its content, and refuses a zip bomb posing as a .docx', async () => {
    const user = await buildUser(t.ctx.db, { company: null });
    const token = await tokenOf(user);
    const base: FormEntry[] = Object.entries({
      ...LEGAL_FORM,
      bank_account: undefined,
      agreement: 'true',
    }).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as FormEntry] : []));
    // 300 MB of zeros in ~300 KB, under a name that makes it look like a Word document.
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      {
        name: 'word/document.xml',
        data: Buffer.alloc(1),
        raw: deflatedZeros(300),
        declaredUncompressedSize: 1,
      },
    ]);
    const refused = await saveForm(token, [
      ...base,
      ['documents_attributes[0][file]', { file: bomb, name: 'Устав.docx' }],
    ]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'documents_attributes.0.file': [
        'Документ после распаковки больше 256 МБ: сохраните его в PDF и загрузите снова',
      ],
    });
    expect(await t.ctx.db.select().from(memberships).where(eq(memberships.userId, user.id))).toEqual([]);

    const saved = await saveForm(token, [
      ...base,
      ['documents_attributes[0][file]', { file: PDF, name: 'устав.html' }],
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const url = saved.json().data.documents[0].url;
    const download = await t.app.inject({ url, headers: bearer(token) });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('устав.pdf')}`,
    );
  });

  it('refuses an SVG logo, a foreign document id and a 31st document', async () => {
    const company = await buildCompany(t.ctx.db, { ...columnsOf(LEGAL_FORM) });
    const owner = await buildUser(t.ctx.db, { company });
    const token = await tokenOf(owner);
    const fields: FormEntry[] = Object.entries({ ...columnsOfForm(), phone: '+7 495 111-22-33' });

    const svg = await saveForm(token, [
      ...fields,
      ['logo', { file: Buffer.from('<svg onload="alert(1)"/>'), name: 'logo.png' }],
    ]);
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors).toEqual({ logo: ['Логотип должен быть изображением PNG, JPEG или WebP'] });

    const other = await buildCompany(t.ctx.db);
    const [foreign] = await t.ctx.db
      .insert(documents)
      .values({
        companyId: other.id,
        name: 'Чужой.pdf',
        extension: 'pdf',
        bytesSize: 1,
        storageKey: 'company_documents/0/foreign.pdf',
      })
      .returning();
    const destroy = await saveForm(token, [
      ...fields,
      ['documents_attributes[0][id]', String(foreign!.id)],
      ['documents_attributes[0][_destroy]', '1'],
    ]);
    expect(destroy.statusCode).toBe(422);
    expect(destroy.json().errors).toEqual({ documents_attributes: ['Документ не найден'] });
    expect(await t.ctx.db.select().from(documents).where(eq(documents.id, foreign!.id))).toHaveLength(1);

    await t.ctx.db.insert(documents).values(
      Array.from({ length: 30 }, (_, i) => ({
        companyId: company.id,
        name: `${i}.pdf`,
        extension: 'pdf',
        bytesSize: 1,
        storageKey: `company_documents/0/${i}.pdf`,
      })),
    );
    const extra = await saveForm(token, [
      ...fields,
      ['documents_attributes[0][file]', { file: PDF, name: '31.pdf' }],
    ]);
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toEqual({ documents_attributes: ['Можно приложить не более 30 документов'] });
    expect((await companyOf(company.id)).phone).toBeNull();
  });

  it('leaves no stored file behind when the save fails after the upload', async () => {
    const company = await buildCompany(t.ctx.db, { ...columnsOf(LEGAL_FORM) });
    const owner = await buildUser(t.ctx.db, { company });
    const files = () =>
      readdirSync(join(dataDir, 'files'), { recursive: true }).filter((f) => String(f).includes('.')).length;
    const before = files();
    const failed = await saveForm(await tokenOf(owner), [
      ...Object.entries(columnsOfForm()),
      ['logo', { file: PNG, name: 'logo.png' }],
      ['documents_attributes[0][file]', { file: PDF, name: 'new.pdf' }],
      ['documents_attributes[1][id]', '999999'],
      ['documents_attributes[1][_destroy]', 'true'],
    ]);
    expect(failed.statusCode).toBe(422);
    expect(files()).toBe(before);
    expect((await companyOf(company.id)).logoKey).toBeNull();
  });
});
