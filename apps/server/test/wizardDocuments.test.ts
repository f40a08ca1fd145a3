/**
 * The wizard's step-3 documents (spec 1 §3, §5, §7): POST /api/v1/documents.json checks the format by the bytes
 * (not the name), 30 MB a file and 100 MB a procedure, inflates archives under limits in a file worker; kinds are
 * saved with the draft (documents_attributes) and a document without one blocks sending for approval; DELETE
 * /api/v1/documents/{id}. Only the procedure's seller's users and administrators: anyone else gets 404 (IDOR).
 * After approval the documents are the card's (GET …/documents) and download.
 */
import { buildZip, deflatedZeros } from '@etp/xlsx/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcases, documents } from '../src/db/schema/index.ts';
import { storageOf } from '../src/storage/storageOf.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildLot, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { type FormEntry, JPEG, multipart, PDF, tempDataDir } from './support/multipart.ts';

const MB = 1024 * 1024;

describe.each(DRIVERS)('wizard documents on %s', (driver) => {
  let t: TestApp;
  let sellerCompany: { id: number };
  let owner: string;
  let collaborator: string;
  let stranger: string;
  let buyer: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: tempDataDir() });
    sellerCompany = await buildCompany(t.ctx.db, { seller: true });
    const token = async (user: { email: string | null }) => (await signIn(t.app, user.email!)).jwt.token;
    owner = await token(await buildUser(t.ctx.db, { company: sellerCompany }));
    collaborator = await token(await buildUser(t.ctx.db, { company: sellerCompany, owner: false }));
    stranger = await token(
      await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db, { seller: true }) }),
    );
    buyer = await token(
      await buildUser(t.ctx.db, { company: await buildCompany(t.ctx.db, { buyer: true }) }),
    );
    admin = await token(await buildUser(t.ctx.db, { role: 'admin' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const draft = async (overrides: Parameters<typeof buildBriefcase>[2] = {}) => {
    const b = await buildBriefcase(t.ctx.db, sellerCompany, {
      status: 'created',
      startDatetime: new Date(t.ctx.now().getTime() + 72 * 3_600_000),
      endDatetime: new Date(t.ctx.now().getTime() + 74 * 3_600_000),
      stepPrice: 100_000,
      // A registry is stored (the wizard's step 2 is done): the rules look only at its presence here.
      registryColumns: Buffer.from('columns'),
      ...overrides,
    });
    // A lot priced above the lotting floor (20 000 ₽), so approval is blocked by the documents alone.
    await buildLot(t.ctx.db, b, { stepPrice: 100_000, startPrice: 2_500_000 });
    return b.id;
  };

  const send = (token: string, entries: FormEntry[]) => {
    const form = multipart(entries);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/documents.json',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
  };
  const upload = (token: string, briefcaseId: number, file: Buffer, name: string, kind?: string) =>
    send(token, [
      ['briefcase_id', String(briefcaseId)],
      ...(kind ? ([['kind', kind]] as FormEntry[]) : []),
      ['file', { file, name }],
    ]);
  const rowsOf = (briefcaseId: number) =>
    t.ctx.db.select().from(documents).where(eq(documents.briefcaseId, briefcaseId));

  it('keeps a document recognised by its content, under the extension of that content', async () => {
    const id = await draft();
    const response = await upload(owner, id, PDF, 'Регламент торгов.bin');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ name: 'Регламент торгов', extension: 'pdf', size: PDF.length, kind: null });
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ id: data.id, kind: null, extension: 'pdf', bytesSize: PDF.length });
    expect(await storageOf(t.ctx).get(row!.storageKey)).toEqual(PDF);

    const photo = await upload(collaborator, id, JPEG, 'скан.jpeg', 'check_list');
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().data).toMatchObject({ extension: 'jpg', kind: 'check_list' });
    const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(64)]);
    expect((await upload(admin, id, tiff, 'скан.tiff', 'other')).json().data.extension).toBe('tiff');
  });

  it('refuses by content what the name pretends, with the spec’s text, and keeps nothing', async () => {
    const id = await draft();
    const script = await upload(owner, id, Buffer.from('MZ\x90\x00 this is a program'), 'договор.pdf');
    expect(script.statusCode).toBe(422);
    expect(script.json().errors).toEqual({ file: ['Формат файла PDF не поддерживается'] });
    const exe = await upload(owner, id, Buffer.from('MZ\x90\x00'), 'setup.exe');
    expect(exe.json().errors).toEqual({ file: ['Формат файла EXE не поддерживается'] });
    const html = await upload(owner, id, Buffer.from('<html><script>alert(1)</script>'), 'a.docx');
    expect(html.json().errors).toEqual({ file: ['Формат файла DOCX не поддерживается'] });
    expect(await rowsOf(id)).toEqual([]);
  });

  it('refuses a file over 30 MB and documents over 100 MB in all, with the spec’s texts', async () => {
    const id = await draft();
    const big = Buffer.concat([PDF, Buffer.alloc(30 * MB + 1 - PDF.length)]);
    const tooBig = await upload(owner, id, big, 'big.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().errors).toEqual({ file: ['Максимальный размер файла 30 МБ'] });

    const part = Buffer.concat([PDF, Buffer.alloc(25 * MB - PDF.length)]);
    for (let i = 0; i < 4; i++)
      expect((await upload(owner, id, part, `часть ${i}.pdf`)).statusCode).toBe(200);
    const over = await upload(owner, id, PDF, 'последний.pdf');
    expect(over.statusCode).toBe(413);
    expect(over.json().errors).toEqual({
      file: ['Превышен размер загружаемых файлов... не должен превышать 100 МБ'],
    });
    expect(await rowsOf(id)).toHaveLength(4);
  });

  it('inflates an archive in a file worker and refuses a zip bomb', async () => {
    const id = await draft();
    const bomb = buildZip([
      { name: 'data.bin', data: Buffer.alloc(1), raw: deflatedZeros(300), declaredUncompressedSize: 1 },
    ]);
    const refused = await upload(owner, id, bomb, 'документы.zip');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      file: ['Архив после распаковки больше 256 МБ: разделите его на части и загрузите снова'],
    });
    const archive = buildZip([{ name: 'договор.txt', data: 'Договор уступки' }]);
    const kept = await upload(owner, id, archive, 'документы.zip');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.extension).toBe('zip');
  });

  it('lets only the seller’s users and administrators upload or delete (404 for others), and not after approval', async () => {
    const id = await draft();
    for (const token of [stranger, buyer]) {
      const response = await upload(token, id, PDF, 'a.pdf');
      expect(response.statusCode).toBe(404);
    }
    expect((await send(owner, [['file', { file: PDF, name: 'a.pdf' }]])).statusCode).toBe(422);
    const anonymous = multipart([
      ['briefcase_id', String(id)],
      ['file', { file: PDF, name: 'a.pdf' }],
    ]);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/documents.json',
          payload: anonymous.payload,
          headers: anonymous.headers,
        })
      ).statusCode,
    ).toBe(401);

    const docId = (await upload(owner, id, PDF, 'a.pdf')).json().data.id as number;
    const del = (token: string, documentId = docId) =>
      t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${documentId}`, headers: bearer(token) });
    expect((await del(stranger)).statusCode).toBe(404);
    expect((await del(buyer)).statusCode).toBe(404);
    expect(await rowsOf(id)).toHaveLength(1);

    // A company's accreditation paper is not a procedure's document: nobody deletes it here.
    const [paper] = await t.ctx.db
      .insert(documents)
      .values({
        companyId: sellerCompany.id,
        name: 'Устав',
        extension: 'pdf',
        bytesSize: 1,
        storageKey: 'x/1.pdf',
      })
      .returning();
    expect((await del(owner, paper!.id)).statusCode).toBe(404);

    await t.ctx.db.update(briefcases).set({ status: 'ready' }).where(eq(briefcases.id, id));
    expect((await del(owner)).statusCode).toBe(409);
    expect((await upload(collaborator, id, PDF, 'b.pdf')).statusCode).toBe(409);
    const [row] = await rowsOf(id);
    expect((await del(admin)).statusCode).toBe(200);
    expect(await rowsOf(id)).toEqual([]);
    expect(await storageOf(t.ctx).get(row!.storageKey)).toBeNull();
  });

  it('saves kinds with the draft, only of the procedure’s own documents; a document without one blocks approval', async () => {
    const id = await draft();
    const other = await draft();
    const mine = (await upload(owner, id, PDF, 'Регламент.pdf')).json().data.id as number;
    const foreign = (await upload(owner, other, PDF, 'Чужой.pdf')).json().data.id as number;

    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/v1/briefcases/${id}/edit`,
      headers: bearer(owner),
    });
    expect(edit.json().data.documents).toEqual([
      { id: mine, name: 'Регламент', extension: 'pdf', size: PDF.length, kind: null },
    ]);
    expect(edit.json().data.resume_step).toBe(3);

    const put = (body: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/briefcases/${id}`, headers: bearer(owner), payload: body });
    const stolen = await put({ documents_attributes: [{ id: foreign, kind: 'template' }] });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual({
      documents_attributes: ['Документ не найден'],
      'documents.0.kind': ['Не выбран тип файла'],
    });
    expect((await rowsOf(other))[0]!.kind).toBeNull();

    const apply = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/briefcases/${id}/apply`, headers: bearer(owner) });
    const blocked = await apply();
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors).toEqual({ 'documents.0.kind': ['Не выбран тип файла'] });

    const saved = await put({ documents_attributes: [{ id: mine, kind: 'template' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.documents[0].kind).toBe('template');
    expect((await rowsOf(id))[0]).toMatchObject({ kind: 'template', title: 'Регламент' });
    expect((await apply()).statusCode).toBe(200);

    // Approved, the document is the card's and downloads.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/briefcases/${id}/confirm`,
      headers: bearer(admin),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const card = await t.app.inject({
      method: 'GET',
      url: `/api/v1/briefcases/${id}/documents`,
      headers: bearer(buyer),
    });
    expect(card.statusCode, card.body).toBe(200);
    const listed = card.json().data.documents as { id: number; name: string; link: string }[];
    expect(listed.map((d) => d.name)).toEqual(['Регламент.pdf']);
    const file = await t.app.inject({ method: 'GET', url: listed[0]!.link, headers: bearer(buyer) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(PDF);
  });
});
