/**
 * The wizard's server side after the upload: the draft it restores, saving each step with the domain's rules
 * (past start, end before start, step, dutch plan, kinds, lists), the states that may be saved, and sending for
 * approval → an administrator confirms → the procedure is ready. Asserts replies and what the database holds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { briefcaseCompanyLists, briefcases, lots } from '../src/db/schema/index.ts';
import { debt, registryXlsx, signedInMember, upload } from './registrySupport.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { bearer, signIn } from './support/http.ts';
import { tempDataDir } from './support/multipart.ts';

const STEP2 = {
  activity: 'banking',
  source_kind: 'overdue_loans',
  source_debtor_type: 'individuals',
  liability: 'unsecured',
  paper_dossiers: 50,
};

describe.each(DRIVERS)('wizard save and apply on %s', (driver) => {
  let t: TestApp;
  const dataDir = tempDataDir();
  let owner: string;
  let stranger: string;
  let admin: string;
  let companyId: number;

  beforeAll(async () => {
    t = await createTestApp(driver, { DATA_DIR: dataDir });
    ({ companyId, token: owner } = await signedInMember(t));
    stranger = (await signedInMember(t)).token;
    admin = (await signIn(t.app, (await buildUser(t.ctx.db, { role: 'admin' })).email!)).jwt.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function created(auctionType = 'classic') {
    const rows = [debt({ lot_number: 1 }), debt({ lot_number: 2 }), debt({ lot_number: 2 })];
    const response = await upload(t.app, owner, registryXlsx(rows), {
      company_id: String(companyId),
      auction_type: auctionType,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.briefcase_id as number;
  }

  const now = () => t.ctx.now().getTime();
  const inHours = (h: number) => new Date(now() + h * 3_600_000).toISOString();

  it('restores a fresh upload on step 2 and a saved step 2 on step 3', async () => {
    const id = await created();
    const draft = await call('GET', `/api/v1/briefcases/${id}/edit`, owner);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.resume_step).toBe(2);
    expect(draft.json().data.lots).toHaveLength(2);
    expect(draft.json().data.briefcase).toMatchObject({ auction_type: 'classic', has_registry: true });

    const saved = await call('PUT', `/api/v1/briefcases/${id}`, owner, STEP2);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.resume_step).toBe(3);
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row).toMatchObject({ activity: 'banking', liability: 'unsecured', paperDossiers: '50.00' });
  });

  it('refuses a past start, an end before the start, a missing step and a percent over 100', async () => {
    const id = await created();
    const bad = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      start_datetime: inHours(-1),
      end_datetime: inHours(-2),
      step_price: null,
      deal_dossiers: 101,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      start_datetime: ['Не может быть в прошлом'],
      end_datetime: ['Должна быть больше даты начала'],
      step_price: ['Необходимо указать размер шага'],
      deal_dossiers: ['Не должно быть больше 100'],
    });
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row!.startDatetime).toBeNull();
  });

  it('writes the settings into every lot: times and the step, per lot when asked', async () => {
    const id = await created();
    const draft = (await call('GET', `/api/v1/briefcases/${id}/edit`, owner)).json().data;
    const [first, second] = draft.lots as { id: number }[];
    const response = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      start_datetime: inHours(30),
      end_datetime: inHours(32),
      custom_steps: true,
      lots_step_price: { [first!.id]: 5_000_00, [second!.id]: 7_000_00 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(stored.map((l) => l.stepPrice).sort()).toEqual([5_000_00, 7_000_00]);
    for (const lot of stored) {
      expect(lot.startDatetime?.toISOString()).toBe(inHours(30));
      expect(lot.endDatetime?.toISOString()).toBe(inHours(32));
    }
    const zero = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      lots_step_price: { [first!.id]: 0 },
    });
    expect(zero.json().errors).toEqual({ [`lots.${first!.id}.step_price`]: ['Должно быть больше 0'] });
  });

  it("accepts the spec's wrapped body and names: {briefcase: {...}}, customStepsSwitch, briefcase_id", async () => {
    const id = await created();
    const [first, second] = (await call('GET', `/api/v1/briefcases/${id}/edit`, owner)).json().data.lots as {
      id: number;
    }[];
    const wrapped = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      briefcase: {
        briefcase_id: id,
        customStepsSwitch: true,
        activity: 'banking',
        start_datetime: inHours(30),
      },
      end_datetime: inHours(32),
      lots_step_price: { [first!.id]: 5_000_00, [second!.id]: 7_000_00 },
      // The same value under our name and the spec's is no conflict.
      custom_steps: true,
    });
    expect(wrapped.statusCode, wrapped.body).toBe(200);
    expect(wrapped.json().data.briefcase).toMatchObject({ custom_steps: true, activity: 'banking' });
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row).toMatchObject({ customSteps: true, activity: 'banking' });
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    expect(stored.map((l) => l.stepPrice).sort()).toEqual([5_000_00, 7_000_00]);

    const flat = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      briefcase_id: id,
      customStepsSwitch: false,
      step_price: 6_000_00,
    });
    expect(flat.statusCode, flat.body).toBe(200);
    const [after] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(after!.customSteps).toBe(false);
  });

  it('refuses another briefcase_id, a field twice with different values and unknown keys, saving nothing', async () => {
    const id = await created();
    const other = await created();
    const refused = async (payload: object) => {
      const response = await call('PUT', `/api/v1/briefcases/${id}`, owner, payload);
      expect(response.statusCode, response.body).toBe(422);
      return response.json();
    };
    expect((await refused({ briefcase_id: other, activity: 'banking' })).errors).toEqual({
      briefcase_id: ['briefcase_id не совпадает с процедурой в адресе запроса'],
    });
    expect((await refused({ briefcase: { briefcase_id: other } })).errors).toHaveProperty('briefcase_id');
    expect((await refused({ custom_steps: true, customStepsSwitch: false })).errors).toEqual({
      custom_steps: ['Поле передано дважды с разными значениями: custom_steps, customStepsSwitch'],
    });
    expect((await refused({ briefcase: { activity: 'banking' }, activity: 'other' })).errors).toEqual({
      activity: ['Поле передано дважды с разными значениями: briefcase.activity, activity'],
    });
    expect(JSON.stringify(await refused({ briefcase: { activity: 'banking', colour: 'red' } }))).toContain(
      'colour',
    );
    expect(JSON.stringify(await refused({ activity: 'banking', colour: 'red' }))).toContain('colour');
    expect(JSON.stringify(await refused({ briefcase: 'banking' }))).toContain('briefcase');
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row).toMatchObject({ activity: null, customSteps: false });
  });

  it('keeps the composite whole-portfolio lot: sums of the lots, one id across saves, gone when switched off', async () => {
    const id = await created();
    const composites = async () =>
      (await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id))).filter((l) => l.composite);
    const on = await call('PUT', `/api/v1/briefcases/${id}`, owner, { ...STEP2, with_composite_lot: true });
    expect(on.statusCode, on.body).toBe(200);
    const regular = (
      on.json().data.lots as {
        composite: boolean;
        items_count: number;
        amount_total: number;
        amount_bottomline: number;
        start_price: number;
        dpd: number | null;
      }[]
    ).filter((l) => !l.composite);
    const [lot] = await composites();
    expect(lot).toMatchObject({
      name: 'Сводный лот: все лоты процедуры',
      number: 3,
      itemsCount: 3,
      amountTotal: regular.reduce((s, l) => s + l.amount_total, 0),
      amountBottomline: regular.reduce((s, l) => s + l.amount_bottomline, 0),
      startPrice: regular.reduce((s, l) => s + l.start_price, 0),
    });
    expect(on.json().data.lots.filter((l: { composite: boolean }) => l.composite)).toHaveLength(1);

    const timed = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      start_datetime: inHours(30),
      end_datetime: inHours(32),
      step_price: 1_000_00,
    });
    expect(timed.statusCode, timed.body).toBe(200);
    const [again] = await composites();
    expect(again!.id).toBe(lot!.id);
    expect(again).toMatchObject({ stepPrice: 1_000_00 });
    expect(again!.startDatetime?.toISOString()).toBe(inHours(30));
    expect(again!.endDatetime?.toISOString()).toBe(inHours(32));

    const relot = await call('POST', `/api/v1/briefcases/${id}/reloting`, owner, {
      loting_params: { loting_type: 'manual_splitting' },
    });
    expect(relot.statusCode, relot.body).toBe(200);
    expect(relot.json().data.lots.filter((l: { composite: boolean }) => l.composite)).toHaveLength(1);
    expect(await composites()).toHaveLength(1);

    const off = await call('PUT', `/api/v1/briefcases/${id}`, owner, { with_composite_lot: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await composites()).toHaveLength(0);
  });

  it('makes no composite lot for a dutch procedure or a single lot', async () => {
    const dutch = await created('dutch');
    await call('PUT', `/api/v1/briefcases/${dutch}`, owner, { with_composite_lot: true });
    const single = (
      await upload(t.app, owner, registryXlsx([debt()]), {
        company_id: String(companyId),
        auction_type: 'classic',
      })
    ).json().data.briefcase_id as number;
    await call('PUT', `/api/v1/briefcases/${single}`, owner, { with_composite_lot: true });
    for (const id of [dutch, single]) {
      const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
      expect(stored.filter((l) => l.composite)).toHaveLength(0);
    }
  });

  it('computes the dutch clock of each lot and the procedure end (the end field is ignored)', async () => {
    const id = await created('dutch');
    const start = inHours(48);
    const response = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      start_datetime: start,
      end_datetime: inHours(1000),
      max_price: 10_000_000_00,
      step_price: 100_000_00,
      lot_renewal_minutes: 15,
    });
    expect(response.statusCode, response.body).toBe(200);
    const stored = await t.ctx.db.select().from(lots).where(eq(lots.briefcaseId, id));
    let latest = 0;
    for (const lot of stored) {
      expect(lot.stepCount).toBe(Math.ceil((lot.maxPrice! - lot.minPrice!) / lot.stepPrice!) + 1);
      expect(lot.endDatetime!.getTime()).toBe(new Date(start).getTime() + lot.stepCount! * 15 * 60_000);
      latest = Math.max(latest, lot.endDatetime!.getTime());
    }
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(row!.endDatetime!.getTime()).toBe(latest);
    const noMax = await call('PUT', `/api/v1/briefcases/${id}`, owner, { max_price: null });
    expect(noMax.json().errors).toEqual({ max_price: ['Необходимо указать максимальную цену'] });
  });

  it('keeps the invited and excluded lists and refuses unknown or overlapping companies', async () => {
    const id = await created();
    const a = await buildCompany(t.ctx.db);
    const b = await buildCompany(t.ctx.db);
    const ok = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      invited_company_ids: [a.id, b.id],
      rejected_company_ids: [],
      allowed_kinds_map: { legal: false, bank: false, physical: false, self: false, mfo: false },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.invited_companies.map((c: { id: number }) => c.id)).toEqual([a.id, b.id]);
    const rows = await t.ctx.db
      .select()
      .from(briefcaseCompanyLists)
      .where(eq(briefcaseCompanyLists.briefcaseId, id));
    expect(rows).toHaveLength(2);

    const overlap = await call('PUT', `/api/v1/briefcases/${id}`, owner, { rejected_company_ids: [a.id] });
    expect(overlap.json().errors.rejected_companies).toBeDefined();
    const unknown = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      invited_company_ids: [a.id, 99_999],
    });
    expect(unknown.json().errors.invited_companies).toEqual(['Организация не найдена']);
    const none = await call('PUT', `/api/v1/briefcases/${id}`, owner, { invited_company_ids: [a.id] });
    expect(none.json().errors.allowed_kinds).toBeDefined();
  });

  it('lets only the seller and administrators save; administrator-only settings', async () => {
    const id = await created();
    expect((await call('PUT', `/api/v1/briefcases/${id}`, stranger, STEP2)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/briefcases/${id}/edit`, stranger)).statusCode).toBe(404);
    const ttl = await call('PUT', `/api/v1/briefcases/${id}`, owner, { round_request_ttl: 3_600_000 });
    expect(ttl.statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/v1/briefcases/${id}`, admin, { round_request_ttl: 3_600_000 })).statusCode,
    ).toBe(200);
  });

  it('sends for approval only a complete procedure; the administrator confirms; then only admins save', async () => {
    const id = await created();
    const early = await call('POST', `/api/v1/briefcases/${id}/apply`, owner);
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toMatchObject({
      activity: ['Должно быть заполнено'],
      start_datetime: ['Должно быть заполнено'],
    });
    expect((await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id)))[0]!.status).toBe(
      'created',
    );

    await call('PUT', `/api/v1/briefcases/${id}`, owner, STEP2);
    const settings = await call('PUT', `/api/v1/briefcases/${id}`, owner, {
      start_datetime: inHours(30),
      end_datetime: inHours(32),
      step_price: 1_000_00,
      kind: 'agent',
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const applied = await call('POST', `/api/v1/briefcases/${id}/apply`, owner);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().message).toBe('Торговая процедура отправлена на согласование');
    const [pending] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, id));
    expect(pending).toMatchObject({ status: 'pending' });
    expect(pending!.sentForApprovalAt).not.toBeNull();

    const confirmed = await call('POST', `/api/v1/briefcases/${id}/confirm`, admin);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const locked = await call('PUT', `/api/v1/briefcases/${id}`, owner, { source_description: 'x' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Процедура уже согласована, невозможно изменить');
    expect(
      (await call('PUT', `/api/v1/briefcases/${id}`, admin, { source_description: 'Портфель' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/api/v1/briefcases/${id}/apply`, owner)).statusCode).toBe(409);
  });
});
