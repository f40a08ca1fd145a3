/**
 * The FAQ tab's calls (spec 2 §2, §6, §7; decisions/0115): who asks and when, what each viewer sees, the
 * administrator's add / edit / publish / delete, the attached document, the asker's event, paging by 20.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, events, questions } from '../src/db/schema/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildBriefcase, buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { type FormEntry, multipart, PDF, PNG, tempDataDir } from './support/multipart.ts';
import { buildFloor, type Floor, type Trader, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('FAQ of a procedure on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let asker: Trader;
  let other: Trader;
  let colleague: Trader;
  const dataDir = tempDataDir();

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir, ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 2);
    [asker, other] = floor.buyers as [Trader, Trader];
    const collaborator = await buildUser(t.ctx.db, { company: floor.sellerCompany, owner: false });
    colleague = {
      userId: collaborator.id,
      companyId: floor.sellerCompany.id,
      token: (await signIn(t.app, collaborator.email!)).jwt.token,
    };
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const base = (id: number) => `/api/v1/briefcases/${id}/questions`;
  const list = async (who: Trader, id: number, page = 1) => {
    const response = await t.app.inject({ url: `${base(id)}?page=${page}`, headers: bearer(who.token) });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const ask = (who: Trader, id: number, title: string) =>
    t.app.inject({
      method: 'POST',
      url: `${base(id)}?title=${encodeURIComponent(title)}`,
      headers: bearer(who.token),
    });
  const send = (who: Trader, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
  const sendForm = (who: Trader, method: 'POST' | 'PUT', url: string, entries: FormEntry[]) => {
    const form = multipart(entries);
    return t.app.inject({
      method,
      url,
      headers: { ...bearer(who.token), ...form.headers },
      payload: form.payload,
    });
  };
  const eventsOf = (userId: number) => t.ctx.db.select().from(events).where(eq(events.userId, userId));

  it('takes a participant’s question in the query, for the seller and administrators to see', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const asked = await ask(asker, briefcase.id, '  Есть ли в портфеле банкроты?  ');
    expect(asked.statusCode).toBe(200);
    expect(asked.json().message).toBe('Ваш вопрос направлен Организатору');
    expect(asked.json().data).toMatchObject({
      title: 'Есть ли в портфеле банкроты?',
      answer: null,
      status: 'unanswered',
      active: false,
      is_own: true,
      attached_document: null,
    });

    // The asker sees their own question; another participant does not; the seller and the admin do.
    expect((await list(asker, briefcase.id)).questions).toHaveLength(1);
    expect(await list(other, briefcase.id)).toMatchObject({ questions: [], total_count: 0, can_ask: true });
    for (const who of [floor.seller, colleague, floor.admin]) {
      const page = await list(who, briefcase.id);
      expect(page.questions.map((q: { title: string }) => q.title)).toEqual(['Есть ли в портфеле банкроты?']);
      expect(page.can_ask).toBe(false);
      expect(page.can_manage).toBe(who === floor.admin);
    }
  });

  it('tells every user of the seller that a question was asked, and nobody else', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const before = (await eventsOf(floor.seller.userId)).length;
    expect((await ask(asker, briefcase.id, 'Какая доля дел с исполнительными листами?')).statusCode).toBe(
      200,
    );
    const question = (await list(asker, briefcase.id)).questions[0] as { id: number };
    for (const who of [floor.seller, colleague]) {
      const told = (await eventsOf(who.userId)).filter((e) => e.kind === 'question_asked');
      expect(told.at(-1)).toMatchObject({
        briefcaseId: briefcase.id,
        companyId: floor.sellerCompany.id,
        payload: {
          question_id: question.id,
          text: `ТП №${briefcase.id}: участник задал вопрос «Какая доля дел с исполнительными листами?»`,
        },
      });
    }
    expect((await eventsOf(floor.seller.userId)).length).toBe(before + 1);
    for (const who of [asker, other, floor.admin]) {
      expect((await eventsOf(who.userId)).filter((e) => e.kind === 'question_asked')).toEqual([]);
    }
    const feed = await t.app.inject({ url: '/api/v1/events', headers: bearer(floor.seller.token) });
    expect(feed.json().data.collection[0]).toMatchObject({
      kind: 'question_asked',
      briefcase_id: briefcase.id,
    });
  });

  it('refuses a question from the seller, outside ready and active, and without standing', async () => {
    const { briefcase } = await tradingLot(t, floor);
    for (const who of [floor.seller, colleague]) {
      const refused = await ask(who, briefcase.id, 'Свой вопрос');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Организатор не задаёт вопросы по своей торговой процедуре');
    }
    const ready = await tradingLot(t, floor, { status: 'ready', startInMs: 3_600_000 });
    expect((await ask(asker, ready.briefcase.id, 'До старта')).statusCode).toBe(200);

    const finished = await buildBriefcase(t.ctx.db, floor.sellerCompany, { status: 'finished' });
    const late = await ask(asker, finished.id, 'После торгов');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(
      'Задать вопрос можно, пока торговая процедура согласована или идут торги',
    );
    expect((await list(asker, finished.id)).can_ask).toBe(false);

    // A draft is not visible to participants at all: its FAQ does not exist for them.
    const draft = await buildBriefcase(t.ctx.db, floor.sellerCompany, { status: 'pending' });
    expect((await ask(asker, draft.id, 'Черновик?')).statusCode).toBe(404);
    expect((await t.app.inject({ url: base(draft.id), headers: bearer(asker.token) })).statusCode).toBe(404);
    expect((await list(floor.seller, draft.id)).can_ask).toBe(false);

    const review = await buildCompany(t.ctx.db, { goodStanding: false, accreditationStatus: 'pending' });
    const newbie = await buildUser(t.ctx.db, { company: review });
    const token = (await signIn(t.app, newbie.email!)).jwt.token;
    const refused = await t.app.inject({
      method: 'POST',
      url: `${base(briefcase.id)}?title=x`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `${base(briefcase.id)}?title=x` })).statusCode).toBe(
      401,
    );
    expect(await t.ctx.db.select().from(questions).where(eq(questions.briefcaseId, briefcase.id))).toEqual(
      [],
    );
  });

  it('checks the title, and keeps answering, publishing and documents from participants', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const empty = await ask(asker, briefcase.id, '   ');
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ title: ['Введите текст вопроса'] });
    expect((await ask(asker, briefcase.id, 'я'.repeat(1001))).statusCode).toBe(422);
    const answered = await send(asker, 'POST', base(briefcase.id), { title: 'Вопрос', answer: 'Сам отвечу' });
    expect(answered.statusCode).toBe(403);
    const published = await send(asker, 'POST', base(briefcase.id), { title: 'Вопрос', status: 'answered' });
    expect(published.statusCode).toBe(403);
    const withFile = await sendForm(asker, 'POST', base(briefcase.id), [
      ['title', 'Вопрос'],
      ['attached_document', { file: PDF, name: 'a.pdf' }],
    ]);
    expect(withFile.statusCode).toBe(403);

    const question = (await ask(asker, briefcase.id, 'Вопрос')).json().data;
    for (const who of [asker, other, floor.seller, colleague]) {
      const edit = await send(who, 'PUT', `${base(briefcase.id)}/${question.id}`, { answer: 'Ответ' });
      expect(edit.statusCode).toBe(403);
      expect(edit.json().message).toBe(
        'Добавлять, изменять, удалять и публиковать вопросы может только администратор',
      );
      expect((await send(who, 'DELETE', `${base(briefcase.id)}/${question.id}`)).statusCode).toBe(403);
    }
    const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, question.id));
    expect(row).toMatchObject({ answer: null, status: 'unanswered', active: false });
  });

  it('keeps a draft answer from participants, publishes it, and tells the asker once', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const question = (await ask(asker, briefcase.id, 'Когда передаются досье?')).json().data;
    const url = `${base(briefcase.id)}/${question.id}`;

    const noAnswer = await send(floor.admin, 'PUT', url, { status: 'answered' });
    expect(noAnswer.statusCode).toBe(422);
    expect(noAnswer.json().errors).toEqual({ answer: ['Чтобы опубликовать вопрос, напишите ответ'] });

    const draft = await send(floor.admin, 'PUT', url, { answer: 'В течение 10 рабочих дней' });
    expect(draft.statusCode).toBe(200);
    expect(draft.json().message).toBe('Вопрос успешно изменен');
    expect(draft.json().data).toMatchObject({
      status: 'draft',
      active: false,
      answer: 'В течение 10 рабочих дней',
    });
    // The asker still sees their question unanswered; the draft does not leave the server for them.
    expect((await list(asker, briefcase.id)).questions[0]).toMatchObject({
      status: 'unanswered',
      answer: null,
    });
    expect((await list(other, briefcase.id)).questions).toEqual([]);
    expect((await list(floor.seller, briefcase.id)).questions[0]).toMatchObject({ status: 'draft' });
    expect(await eventsOf(asker.userId)).toEqual([]);

    t.clock.advance(60_000);
    const publishedAt = t.clock.now();
    const published = await send(floor.admin, 'PUT', url, { status: 'answered' });
    expect(published.json().data).toMatchObject({ status: 'answered', active: true });
    for (const who of [asker, other]) {
      expect((await list(who, briefcase.id)).questions).toEqual([
        expect.objectContaining({
          title: 'Когда передаются досье?',
          answer: 'В течение 10 рабочих дней',
          status: 'answered',
          is_own: who === asker,
        }),
      ]);
    }
    expect(await eventsOf(asker.userId)).toEqual([
      expect.objectContaining({
        kind: 'question_answered',
        briefcaseId: briefcase.id,
        createdAt: publishedAt,
        payload: {
          question_id: question.id,
          text: `ТП №${briefcase.id}: опубликован ответ на ваш вопрос «Когда передаются досье?»`,
        },
      }),
    ]);
    const feed = await t.app.inject({ url: '/api/v1/events', headers: bearer(asker.token) });
    expect(feed.json().data.collection[0]).toMatchObject({
      kind: 'question_answered',
      briefcase_id: briefcase.id,
    });

    // Back to a draft, edited, published again: the asker was already told.
    await send(floor.admin, 'PUT', url, { status: 'draft' });
    expect((await list(other, briefcase.id)).questions).toEqual([]);
    await send(floor.admin, 'PUT', url, { answer: 'В течение 5 рабочих дней', status: 'answered' });
    expect((await list(other, briefcase.id)).questions[0].answer).toBe('В течение 5 рабочих дней');
    expect(await eventsOf(asker.userId)).toHaveLength(1);
    expect(await eventsOf(other.userId)).toEqual([]);

    // Clearing the answer of a published question needs it unpublished first.
    expect((await send(floor.admin, 'PUT', url, { answer: '' })).statusCode).toBe(422);
    const cleared = await send(floor.admin, 'PUT', url, { answer: '', status: 'draft' });
    expect(cleared.json().data).toMatchObject({ status: 'unanswered', active: false, answer: null });
  });

  it('lets an administrator add a published question with a document, replace it, and delete the question', async () => {
    const { briefcase } = await tradingLot(t, floor);
    const added = await sendForm(floor.admin, 'POST', base(briefcase.id), [
      ['title', 'Где выписка по платежам?'],
      ['answer', 'Во вложении'],
      ['status', 'answered'],
      ['attached_document', { file: PDF, name: 'Платежи за 360 дней.pdf', type: 'application/pdf' }],
    ]);
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('Вопрос добавлен');
    const question = added.json().data;
    expect(question).toMatchObject({
      status: 'answered',
      active: true,
      attached_document: {
        name: 'Платежи за 360 дней.pdf',
        extension: 'pdf',
        bytes_size: PDF.length,
        link: `/api/v1/briefcases/${briefcase.id}/questions/${question.id}/attached_document`,
      },
    });
    // The administrator is the author: nobody is told.
    expect(await eventsOf(floor.admin.userId)).toEqual([]);

    const link = question.attached_document.link as string;
    const download = await t.app.inject({ url: link, headers: bearer(other.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(decodeURIComponent(String(download.headers['content-disposition']))).toContain(
      'Платежи за 360 дней.pdf',
    );
    expect((await t.app.inject({ url: link })).statusCode).toBe(401);

    // Withdrawn into a draft, its document is for the seller and administrators only.
    const url = `${base(briefcase.id)}/${question.id}`;
    await send(floor.admin, 'PUT', url, { status: 'draft' });
    expect((await t.app.inject({ url: link, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: link, headers: bearer(floor.seller.token) })).statusCode).toBe(200);

    const [first] = await t.ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, question.attached_document.id));
    const firstFile = join(dataDir, 'files', first!.storageKey);
    expect(existsSync(firstFile)).toBe(true);
    const replaced = await sendForm(floor.admin, 'PUT', url, [
      ['attached_document', { file: PNG, name: 'Скан.png' }],
    ]);
    expect(replaced.json().data.attached_document).toMatchObject({ name: 'Скан.png', extension: 'png' });
    expect(existsSync(firstFile)).toBe(false);
    expect(await t.ctx.db.select().from(documents).where(eq(documents.id, first!.id))).toEqual([]);

    const badFormat = await sendForm(floor.admin, 'PUT', url, [
      ['attached_document', { file: Buffer.from('just text'), name: 'note.pdf' }],
    ]);
    expect(badFormat.statusCode).toBe(422);
    expect(badFormat.json().errors).toEqual({
      attached_document: ['Документ должен быть в формате PDF, JPEG, PNG, DOC, DOCX, XLS, XLSX, ODT или RTF'],
    });

    const removedDoc = await send(floor.admin, 'PUT', url, { remove_attached_document: true });
    expect(removedDoc.json().data.attached_document).toBeNull();

    const again = await sendForm(floor.admin, 'PUT', url, [
      ['attached_document', { file: PDF, name: 'x.pdf' }],
    ]);
    const key = (
      await t.ctx.db.select().from(documents).where(eq(documents.id, again.json().data.attached_document.id))
    )[0]!.storageKey;
    const deleted = await send(floor.admin, 'DELETE', url);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Вопрос успешно удален');
    expect((await list(floor.admin, briefcase.id)).questions).toEqual([]);
    expect(await t.ctx.db.select().from(documents).where(eq(documents.storageKey, key))).toEqual([]);
    expect(existsSync(join(dataDir, 'files', key))).toBe(false);
    expect((await send(floor.admin, 'DELETE', url)).statusCode).toBe(404);
  });

  it('answers 404 for a question of another procedure', async () => {
    const one = await tradingLot(t, floor);
    const two = await tradingLot(t, floor);
    const question = (await ask(asker, one.briefcase.id, 'Вопрос')).json().data;
    const foreign = `${base(two.briefcase.id)}/${question.id}`;
    expect((await send(floor.admin, 'PUT', foreign, { answer: 'Нет' })).statusCode).toBe(404);
    expect((await send(floor.admin, 'DELETE', foreign)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `${foreign}/attached_document`, headers: bearer(floor.admin.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('pages by 20, newest first', async () => {
    const { briefcase } = await tradingLot(t, floor);
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(1000);
      expect((await ask(asker, briefcase.id, `Вопрос ${i}`)).statusCode).toBe(200);
    }
    const first = await list(floor.admin, briefcase.id);
    expect(first).toMatchObject({ total_count: 25, total_pages: 2, per_page: 20, page: 1 });
    expect(first.questions).toHaveLength(20);
    expect(first.questions[0].title).toBe('Вопрос 25');
    const second = await list(floor.admin, briefcase.id, 2);
    expect(second.questions.map((q: { title: string }) => q.title)).toEqual([
      'Вопрос 5',
      'Вопрос 4',
      'Вопрос 3',
      'Вопрос 2',
      'Вопрос 1',
    ]);
    expect((await list(other, briefcase.id)).total_pages).toBe(1);
  });
});
