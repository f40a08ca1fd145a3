/**
 * The deal of a won lot on the server (issue 32, decisions/0258, 0261): opened with the winner's choice, every step
 * and refusal through the API (wrong party, wrong order, after the deadline, twice at once), the SMS-code signature,
 * the offer to the second-best bidder, who sees what, and the scheduler's expiry: once, across a restart, and with
 * two nodes over one PostgreSQL.
 */
import {
  applyDealAction,
  DEAL_REFUSAL_HTTP_STATUS,
  DEAL_STATE_LABELS,
  type Deal,
  type DealAction,
  type DealActor,
  type DealState,
  priceInFiguresAndWords,
} from '@etp/domain';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../src/appContext.ts';
import { openDatabase } from '../src/db/client.ts';
import { auditLog, bids, briefcases, deals, events, users } from '../src/db/schema/index.ts';
import { verifyAudit } from '../src/modules/audit/audit.service.ts';
import { toDeal } from '../src/modules/deals/lifecycle/dealState.ts';
import { expireDueDeals } from '../src/modules/deals/lifecycle/expiry.ts';
import { queueEventMails } from '../src/modules/events/mail/mailQueue.ts';
import { Scheduler } from '../src/scheduler/scheduler.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { recordBus } from './support/busLog.ts';
import { DRIVERS } from './support/db.ts';
import { type WonLotOptions, wonLot as wonLotOf } from './support/deals.ts';
import { buildBriefcase, buildLot, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
import { lastSmsCode, otherCode, outbox } from './support/outbox.ts';
import { api, buildFloor, type Floor, type Trader } from './support/trading.ts';

const HOUR = 3_600_000;
/** The test clock starts on Sunday 22 November 2026, 12:00 МСК; five working days end on Friday 27th, 23:59:59.999 МСК. */
const SIGN_DEADLINE = '2026-11-27T20:59:59.999Z';

describe.each(DRIVERS)('deals on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;
  let bus: ReturnType<typeof recordBus>;
  let a: Trader;
  let b: Trader;
  let stranger: Trader;

  beforeAll(async () => {
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    [a, b, stranger] = floor.buyers as [Trader, Trader, Trader];
    call = api(t);
    bus = recordBus(t);
  }, 120_000);
  afterAll(() => t.close());

  /** A new member of the company with a confirmed phone: each signs with its own SMS budget. */
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

  /** A finished lot: A bid 1 200 000, B 1 100 000; the seller picks A. Returns the deal A sees. */
  async function wonLot(
    briefcaseOverrides: WonLotOptions['briefcase'] = {},
    lotOverrides: WonLotOptions['lot'] = {},
  ) {
    const won = await wonLotOf(t, floor, call, a, b, { briefcase: briefcaseOverrides, lot: lotOverrides });
    const read = await call.get(a, `/api/v1/lots/${won.lot.id}/deal`);
    return { briefcase: won.briefcase, lot: won.lot, bidB: won.secondBid, deal: read.json().data };
  }

  const post = (who: Trader, id: number, path: string, payload?: object) =>
    call.send(who, 'POST', `/api/v1/deals/${id}/${path}`, payload);

  /** Signs for the member's side: a code by SMS, then the code. */
  async function sign(who: Trader & { phone: string }, id: number) {
    const sent = await post(who, id, 'sign_code');
    if (sent.statusCode !== 200) return sent;
    return post(who, id, 'sign', { code: await lastSmsCode(t.app, who.phone) });
  }

  const stateOf = async (id: number) => (await t.ctx.db.select().from(deals).where(eq(deals.id, id)))[0]!;
  const auditOf = (briefcaseId: number, action: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.briefcaseId, briefcaseId), eq(auditLog.action, action)));
  const pastDeadline = (id: number) =>
    t.ctx.db
      .update(deals)
      .set({ deadlineAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(deals.id, id));

  it('opens the winner’s deal with the choice: signatures awaited for five working days, both sides told', async () => {
    const { briefcase, lot, deal } = await wonLot();
    expect(deal.price_in_words).toContain('Двенадцать тысяч рублей 00 копеек');
    expect(deal).toMatchObject({
      lot_id: lot.id,
      briefcase_id: briefcase.id,
      attempt: 1,
      state: 'awaiting_signatures',
      state_label: 'Ожидает подписания',
      role: 'buyer',
      buyer_company: { id: a.companyId, name: 'ООО «Покупатель 1»' },
      seller_company: { id: floor.sellerCompany.id },
      price_kopecks: 1_200_000,
      price_in_words: priceInFiguresAndWords(1_200_000),
      deadlines: { sign_working_days: 5, pay_working_days: 10, second_offer_working_days: 3 },
      deadline_at: SIGN_DEADLINE,
      overdue: false,
      available_actions: ['sign'],
    });
    expect(await auditOf(briefcase.id, 'deal_opened')).toHaveLength(1);
    const [live] = bus.of('DealsStream', 'deal_update', briefcase.id);
    expect(live?.audience).toEqual({
      kind: 'companiesAndAdmins',
      ids: [a.companyId, floor.sellerCompany.id],
    });
    expect(live?.message.payload).toMatchObject({ deal_id: deal.id, state: 'awaiting_signatures' });
  });

  it('takes the deadlines the seller set in step 3, and checks them with the domain’s messages', async () => {
    const { deal } = await wonLot({ dealSignWorkingDays: 1, dealPayWorkingDays: 2 });
    expect(deal.deadlines).toEqual({
      sign_working_days: 1,
      pay_working_days: 2,
      second_offer_working_days: 3,
    });
    expect(deal.deadline_at).toBe('2026-11-23T20:59:59.999Z');
    const draft = await buildBriefcase(t.ctx.db, floor.sellerCompany, { status: 'created' });
    const bad = await call.send(floor.seller, 'PUT', `/api/v1/briefcases/${draft.id}`, {
      sign_working_days: 31,
      pay_working_days: 2.5,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      sign_working_days: ['Должно быть от 1 до 30 рабочих дней'],
      pay_working_days: ['Укажите целое число рабочих дней'],
    });
    const saved = await call.send(floor.seller, 'PUT', `/api/v1/briefcases/${draft.id}`, {
      sign_working_days: 7,
      second_offer_working_days: null,
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(briefcases).where(eq(briefcases.id, draft.id));
    expect([row!.dealSignWorkingDays, row!.dealSecondOfferWorkingDays]).toEqual([7, null]);
  });

  it('opens the deal of a whole-portfolio lot and of a second round’s lot alike', async () => {
    const composite = await wonLot({ withCompositeLot: true }, { composite: true, number: 0 });
    expect(composite.deal).toMatchObject({ lot_id: composite.lot.id, state: 'awaiting_signatures' });
    const first = await buildBriefcase(t.ctx.db, floor.sellerCompany, {
      status: 'closed',
      endMode: 'convert',
    });
    const round = await wonLot({ convertedFrom: first.id, firstRoundId: first.id });
    expect(round.deal).toMatchObject({
      lot_id: round.lot.id,
      state: 'awaiting_signatures',
      price_kopecks: 1_200_000,
    });
  });

  it('opens no deal for a lot closed without a winner or a convert round’s start price', async () => {
    const db = t.ctx.db;
    const now = t.clock.now().getTime();
    for (const endMode of ['ransom', 'convert'] as const) {
      const briefcase = await buildBriefcase(db, floor.sellerCompany, {
        status: 'finished',
        endMode,
        startDatetime: new Date(now - 3 * HOUR),
        endDatetime: new Date(now - HOUR),
      });
      const lot = await buildLot(db, briefcase, { status: 'finished', startPrice: 1_000_000, bidsCount: 1 });
      const [bid] = await db
        .insert(bids)
        .values({
          lotId: lot.id,
          briefcaseId: briefcase.id,
          userId: a.userId,
          companyId: a.companyId,
          amount: 1,
        })
        .returning();
      const choice = endMode === 'convert' ? bid!.id : null;
      const response = await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, {
        bid_id: choice,
      });
      expect(response.statusCode).toBe(200);
      expect(await db.select().from(deals).where(eq(deals.lotId, lot.id))).toEqual([]);
      expect((await call.get(a, `/api/v1/lots/${lot.id}/deal`)).statusCode).toBe(404);
    }
  });

  it('shows a deal to its buyer, its seller and administrators only', async () => {
    const { lot, deal } = await wonLot();
    expect((await call.get(floor.seller, `/api/v1/lots/${lot.id}/deal`)).json().data.role).toBe('seller');
    expect((await call.get(floor.admin, `/api/v1/lots/${lot.id}/deal`)).json().data.role).toBe('admin');
    for (const other of [b, stranger]) {
      const seen = await call.get(other, `/api/v1/lots/${lot.id}/deal`);
      expect(seen.statusCode).toBe(404);
      expect(seen.json().message).toBe('По этому лоту нет сделки');
      expect((await post(other, deal.id, 'mark_paid')).statusCode).toBe(404);
      const listed = (await call.get(other, '/api/v1/deals?per_page=100')).json().data.deals;
      expect(listed.map((d: { id: number }) => d.id)).not.toContain(deal.id);
    }
    const mine = (await call.get(a, '/api/v1/deals?role=buyer&per_page=100')).json().data;
    expect(mine.deals.map((d: { id: number }) => d.id)).toContain(deal.id);
    const asSeller = (await call.get(a, '/api/v1/deals?role=seller')).json().data;
    expect(asSeller.total_count).toBe(0);
    const all = (await call.get(floor.admin, '/api/v1/deals?state=awaiting_signatures&per_page=100')).json()
      .data;
    expect(all.deals.map((d: { id: number }) => d.id)).toContain(deal.id);
    expect(all.deals.every((d: { state: string }) => d.state === 'awaiting_signatures')).toBe(true);
  });

  it('runs a deal to payment: signatures by SMS code in either order, then payment reported and confirmed', async () => {
    const { briefcase, deal } = await wonLot();
    const buyer = await member(a.companyId);
    const seller = await member(floor.sellerCompany.id);
    // Out of order and by the wrong party.
    const early = await post(buyer, deal.id, 'mark_paid');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Оплатить договор можно после его подписания обеими сторонами');
    expect((await post(seller, deal.id, 'mark_paid')).json().message).toBe(
      'Отметить оплату может только покупатель',
    );
    const adminSigns = await post(floor.admin, deal.id, 'sign_code');
    expect(adminSigns.statusCode).toBe(403);
    expect(adminSigns.json().message).toBe('Подписать договор может только покупатель или продавец');
    // A wrong code signs nothing.
    expect((await post(seller, deal.id, 'sign_code')).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, seller.phone);
    const wrong = await post(seller, deal.id, 'sign', { code: otherCode(code) });
    expect(wrong.statusCode).toBe(422);
    expect((await stateOf(deal.id)).state).toBe('awaiting_signatures');
    const signed = await post(seller, deal.id, 'sign', { code });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data).toMatchObject({ state: 'signed_by_seller', role: 'seller' });
    expect(signed.json().data.seller_signature).toEqual({
      at: t.clock.now().toISOString(),
      method: 'sms',
      user_id: seller.userId,
      scan_url: null,
    });
    const again = await post(seller, deal.id, 'sign_code');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Вы уже подписали договор');
    const both = await sign(buyer, deal.id);
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({
      state: 'awaiting_payment',
      deadline_at: '2026-12-04T20:59:59.999Z',
    });
    expect((await stateOf(deal.id)).buyerSignedBy).toBe(buyer.userId);
    // Payment: the buyer reports, the seller confirms; each once.
    expect((await post(buyer, deal.id, 'confirm_payment')).statusCode).toBe(403);
    expect((await post(buyer, deal.id, 'mark_paid')).json().data.state).toBe('payment_reported');
    const twice = await post(buyer, deal.id, 'mark_paid');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Оплата уже отмечена, её подтверждает продавец');
    const paid = await post(seller, deal.id, 'confirm_payment');
    // The confirmed payment hands the registry over in the same transaction (decisions/0264).
    expect(paid.json().data).toMatchObject({ state: 'registry_handed_over', deadline_at: null });
    expect((await post(seller, deal.id, 'confirm_payment')).json().message).toBe('Оплата уже подтверждена');
    const moves = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.briefcaseId, briefcase.id))
      .orderBy(asc(auditLog.id));
    expect(moves.map((m) => m.action).filter((x) => x.startsWith('deal_'))).toEqual([
      'deal_opened',
      'deal_sign',
      'deal_sign',
      'deal_mark_paid',
      'deal_confirm_payment',
      'deal_hand_over_registry',
    ]);
    // The other side's members hear of each move (and get it by e-mail under deal_mailer.steps, decisions/0261).
    const told = await t.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'deal'), eq(events.userId, a.userId)));
    expect(told.map((e) => (e.payload as { state: string }).state)).toEqual([
      'signed_by_seller',
      'paid',
      'registry_handed_over',
    ]);
    for (const report of await verifyAudit(t.ctx.db, briefcase.id)) expect(report.verdict.ok).toBe(true);
  });

  it('binds a code to its deal: a code sent for one deal does not sign another', async () => {
    const first = await wonLot();
    const second = await wonLot();
    const buyer = await member(a.companyId);
    expect((await post(buyer, first.deal.id, 'sign_code')).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, buyer.phone);
    const elsewhere = await post(buyer, second.deal.id, 'sign', { code });
    expect(elsewhere.statusCode).toBe(422);
    expect((await stateOf(second.deal.id)).state).toBe('awaiting_signatures');
  });

  it('refuses a step after its deadline even before the scheduler failed the deal', async () => {
    const { deal } = await wonLot();
    const buyer = await member(a.companyId);
    await pastDeadline(deal.id);
    const late = await post(buyer, deal.id, 'sign_code');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Срок подписания договора истёк');
    expect((await call.get(a, `/api/v1/lots/${deal.lot_id}/deal`)).json().data.overdue).toBe(true);
  });

  it('decides two steps at once one after the other: both signatures land, a payment is confirmed once', async () => {
    const { briefcase, deal } = await wonLot();
    const buyer = await member(a.companyId);
    const seller = await member(floor.sellerCompany.id);
    for (const who of [buyer, seller]) expect((await post(who, deal.id, 'sign_code')).statusCode).toBe(200);
    const codes = [await lastSmsCode(t.app, buyer.phone), await lastSmsCode(t.app, seller.phone)];
    const signed = await Promise.all([
      post(buyer, deal.id, 'sign', { code: codes[0] }),
      post(seller, deal.id, 'sign', { code: codes[1] }),
    ]);
    expect(signed.map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await stateOf(deal.id)).state).toBe('awaiting_payment');
    expect(await auditOf(briefcase.id, 'deal_sign')).toHaveLength(2);
    await post(buyer, deal.id, 'mark_paid');
    const confirmed = await Promise.all([
      post(seller, deal.id, 'confirm_payment'),
      post(floor.seller, deal.id, 'confirm_payment'),
    ]);
    expect(confirmed.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await auditOf(briefcase.id, 'deal_confirm_payment')).toHaveLength(1);
  });

  it('signs once when the same side signs twice at once', async () => {
    const { briefcase, deal } = await wonLot();
    const buyer = await member(a.companyId);
    expect((await post(buyer, deal.id, 'sign_code')).statusCode).toBe(200);
    const code = await lastSmsCode(t.app, buyer.phone);
    const twice = await Promise.all([
      post(buyer, deal.id, 'sign', { code }),
      post(buyer, deal.id, 'sign', { code }),
    ]);
    // The second is refused: by the deal (already signed) or by the code (already spent), whichever it meets first.
    const codes = twice.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([409, 422]).toContain(codes[1]);
    expect((await stateOf(deal.id)).state).toBe('signed_by_buyer');
    expect(await auditOf(briefcase.id, 'deal_sign')).toHaveLength(1);
  });

  it('lets only an administrator cancel, with a reason, once', async () => {
    const { deal } = await wonLot();
    expect((await post(floor.seller, deal.id, 'cancel', { reason: 'Ошибка' })).json().message).toBe(
      'Отменить сделку может только администратор',
    );
    const empty = await post(floor.admin, deal.id, 'cancel', { reason: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Укажите причину отмены сделки');
    const cancelled = await post(floor.admin, deal.id, 'cancel', { reason: ' Продавец отозвал реестр ' });
    expect(cancelled.json().data).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'Продавец отозвал реестр',
    });
    const again = await post(floor.admin, deal.id, 'cancel', { reason: 'Ещё раз' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Сделка отменена администратором');
  });

  it('fails a deal whose deadline passed once, and the seller offers the lot to the second-best bidder', async () => {
    const { briefcase, lot, deal } = await wonLot();
    await pastDeadline(deal.id);
    const scheduler = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    const first = await scheduler.tick();
    expect(first?.dealsExpired).toContain(deal.id);
    expect((await scheduler.tick())?.dealsExpired ?? []).not.toContain(deal.id);
    await scheduler.stop();
    const failed = await stateOf(deal.id);
    expect([failed.state, failed.failure, failed.deadlineAt]).toEqual(['failed', 'not_signed', null]);
    expect(await auditOf(briefcase.id, 'deal_expire')).toHaveLength(1);
    // The offer: only the seller, at B's own price, once.
    expect((await post(a, deal.id, 'offer_to_second')).statusCode).toBe(403);
    const offered = await post(floor.seller, deal.id, 'offer_to_second');
    expect(offered.statusCode).toBe(200);
    const second = offered.json().data;
    expect(second).toMatchObject({
      attempt: 2,
      state: 'second_offer',
      buyer_company: { id: b.companyId },
      price_kopecks: 1_100_000,
      deadline_at: '2026-11-25T20:59:59.999Z',
    });
    const twice = await post(floor.seller, deal.id, 'offer_to_second');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Лот уже предлагался второму участнику');
    // B sees its offer, A still its failed deal; A cannot answer B's offer.
    expect((await call.get(b, `/api/v1/lots/${lot.id}/deal`)).json().data.id).toBe(second.id);
    expect((await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data).toMatchObject({
      id: deal.id,
      second_offer: { company_id: b.companyId, price_kopecks: 1_100_000 },
    });
    expect((await post(a, second.id, 'accept_offer')).statusCode).toBe(404);
    expect((await post(floor.seller, second.id, 'accept_offer')).statusCode).toBe(403);
    const accepted = await post(b, second.id, 'accept_offer');
    expect(accepted.json().data).toMatchObject({ state: 'awaiting_signatures', deadline_at: SIGN_DEADLINE });
    expect((await post(b, second.id, 'decline_offer')).statusCode).toBe(409);
    for (const report of await verifyAudit(t.ctx.db, briefcase.id)) expect(report.verdict.ok).toBe(true);
  });

  it('lets the second bidder decline, and fails an offer not answered in time', async () => {
    const declined = await wonLot();
    await pastDeadline(declined.deal.id);
    await expireDueDeals(t.ctx, t.clock.now());
    const offer = (await post(floor.seller, declined.deal.id, 'offer_to_second')).json().data;
    expect((await post(b, offer.id, 'decline_offer')).json().data.state).toBe('offer_declined');

    const silent = await wonLot();
    await pastDeadline(silent.deal.id);
    await expireDueDeals(t.ctx, t.clock.now());
    const unanswered = (await post(floor.seller, silent.deal.id, 'offer_to_second')).json().data;
    await pastDeadline(unanswered.id);
    const late = await post(b, unanswered.id, 'accept_offer');
    expect(late.json().message).toBe('Срок ответа на предложение истёк');
    expect(await expireDueDeals(t.ctx, t.clock.now())).toEqual([unanswered.id]);
    expect((await stateOf(unanswered.id)).failure).toBe('offer_not_answered');
  });

  it('refuses the offer when no other company bid on the lot', async () => {
    const now = t.clock.now().getTime();
    const times = { startDatetime: new Date(now - 3 * HOUR), endDatetime: new Date(now - HOUR) };
    const briefcase = await buildBriefcase(t.ctx.db, floor.sellerCompany, { status: 'finished', ...times });
    const lot = await buildLot(t.ctx.db, briefcase, {
      status: 'finished',
      startPrice: 1_000_000,
      bidsCount: 1,
    });
    const [bid] = await t.ctx.db
      .insert(bids)
      .values({
        lotId: lot.id,
        briefcaseId: briefcase.id,
        userId: a.userId,
        companyId: a.companyId,
        amount: 1_000_000,
      })
      .returning();
    await call.send(floor.seller, 'POST', `/api/v1/lots/${lot.id}/set_winner`, { bid_id: bid!.id });
    const deal = (await call.get(a, `/api/v1/lots/${lot.id}/deal`)).json().data;
    await pastDeadline(deal.id);
    await expireDueDeals(t.ctx, t.clock.now());
    const none = await post(floor.seller, deal.id, 'offer_to_second');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Нет другого участника со ставкой по этому лоту');
  });

  it('expires a deal once across a restart of the scheduler, and once when two pass over it at once', async () => {
    const { briefcase, deal } = await wonLot();
    const other = await wonLot();
    // The deadline passed while no node was running: the next leader fires it.
    await pastDeadline(deal.id);
    const before = new Scheduler(t.ctx, t.ctx.leaderTag, (error) => {
      throw error;
    });
    expect((await before.tick())?.dealsExpired).toContain(deal.id);
    await before.stop();
    // The restarted node: on PostgreSQL a new application context over new connections, knowing only the database.
    const reopened =
      driver === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 2 })
        : null;
    const restarted = reopened ? createAppContext(t.ctx.config, reopened, t.clock.now) : t.ctx;
    const after = new Scheduler(restarted, restarted.leaderTag, (error) => {
      throw error;
    });
    expect((await after.tick())?.dealsExpired).toEqual([]);
    await after.stop();
    await reopened?.close();
    expect(await auditOf(briefcase.id, 'deal_expire')).toHaveLength(1);
    // Two passes at once (a lapsed leader and the new one): the row lock lets one expire it.
    await pastDeadline(other.deal.id);
    const passes = await Promise.all([
      expireDueDeals(t.ctx, t.clock.now()),
      expireDueDeals(t.ctx, t.clock.now()),
    ]);
    expect(passes.flat()).toEqual([other.deal.id]);
    expect(await auditOf(other.briefcase.id, 'deal_expire')).toHaveLength(1);
  });

  // Two nodes over one database: only PostgreSQL is shared by processes (a PGlite database belongs to one).
  if (driver === 'postgres') {
    it('expires a deal once with two nodes over one database', async () => {
      const { briefcase, deal } = await wonLot();
      const database = await openDatabase({ kind: 'postgres', url: t.database.url!, poolSize: 4 });
      const node2 = createAppContext(t.ctx.config, database, t.clock.now);
      try {
        await pastDeadline(deal.id);
        const fail = (error: unknown) => {
          throw error;
        };
        const one = new Scheduler(t.ctx, t.ctx.leaderTag, fail);
        const two = new Scheduler(node2, node2.leaderTag, fail);
        const reports = await Promise.all([one.tick(), two.tick()]);
        // One node leads and fires; the other is not the leader and fires nothing.
        expect(reports.filter((r) => r === null)).toHaveLength(1);
        expect(reports.flatMap((r) => r?.dealsExpired ?? [])).toContain(deal.id);
        await Promise.all([one.stop(), two.stop()]);
        // Even two passes of both nodes at once (a leader whose lease lapsed) expire it no more.
        const again = await Promise.all([
          expireDueDeals(t.ctx, t.clock.now()),
          expireDueDeals(node2, t.clock.now()),
        ]);
        expect(again.flat()).not.toContain(deal.id);
        expect(await auditOf(briefcase.id, 'deal_expire')).toHaveLength(1);
        const [row] = await database.db.select().from(deals).where(eq(deals.id, deal.id));
        expect(row!.state).toBe('failed');
      } finally {
        await database.close();
      }
    });
  }

  it('mails a deal’s move to the other side’s members', async () => {
    const { briefcase, lot, deal } = await wonLot();
    const seller = await member(floor.sellerCompany.id);
    expect((await sign(seller, deal.id)).statusCode).toBe(200);
    // The mail pass takes 200 events at a time; the tests before wrote many.
    for (let pass = 0; pass < 20; pass++) await queueEventMails(t.ctx);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, a.userId));
    const subject = `ЭТП РД: Лот №${lot.number} ТП №${briefcase.id}: сделка — «Подписана продавцом»`;
    const mails = (await outbox(t.app, user!.email!)).filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
  });

  it('stops a deal step’s mail for a member who switched deal steps off, but not the deal’s failure', async () => {
    const { briefcase, lot, deal } = await wonLot();
    const quiet = await member(a.companyId);
    const off = await call.send(quiet, 'PUT', '/api/v1/profile', {
      notifications_settings: { deal_mailer: { steps: false } },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.notifications_settings.deal_mailer).toEqual({ steps: false });
    const seller = await member(floor.sellerCompany.id);
    expect((await sign(seller, deal.id)).statusCode).toBe(200);
    await pastDeadline(deal.id);
    expect(await expireDueDeals(t.ctx, t.clock.now())).toContain(deal.id);
    // The mail pass takes 200 events at a time; the tests before wrote many.
    for (let pass = 0; pass < 20; pass++) await queueEventMails(t.ctx);
    const subject = (state: DealState) =>
      `ЭТП РД: Лот №${lot.number} ТП №${briefcase.id}: сделка — «${DEAL_STATE_LABELS[state]}»`;
    const emailOf = async (id: number) =>
      (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.email!;
    const mailed = async (id: number, state: DealState) =>
      (await outbox(t.app, await emailOf(id))).filter((m) => m.subject === subject(state)).length;
    // Both were told of the seller's signature on the page; only the member with the setting on by mail.
    expect(await mailed(a.userId, 'signed_by_seller')).toBe(1);
    expect(await mailed(quiet.userId, 'signed_by_seller')).toBe(0);
    // A missed deadline ends the deal: mailed whatever is set.
    expect(await mailed(a.userId, 'failed')).toBe(1);
    expect(await mailed(quiet.userId, 'failed')).toBe(1);
  });

  it('agrees with the domain’s rules on random sequences of steps by random parties', async () => {
    type Who = 'buyer' | 'seller' | 'admin';
    type Step = { who: Who; action: DealAction['type'] } | { who: 'system'; action: 'deadline' | 'expire' };
    const step = (who: Who, action: DealAction['type']): Step => ({ who, action });
    const steps = fc.constantFrom<Step>(
      step('buyer', 'sign'),
      step('seller', 'sign'),
      step('admin', 'sign'),
      step('buyer', 'mark_paid'),
      step('seller', 'mark_paid'),
      step('seller', 'confirm_payment'),
      step('buyer', 'confirm_payment'),
      step('admin', 'cancel'),
      step('seller', 'cancel'),
      step('seller', 'offer_to_second'),
      step('buyer', 'offer_to_second'),
      { who: 'system', action: 'deadline' },
      { who: 'system', action: 'expire' },
    );
    // One member per side for every run; an hour between runs renews their SMS budgets (a code per 120 s, 5 an hour).
    const members = {
      buyer: await member(a.companyId),
      seller: await member(floor.sellerCompany.id),
      admin: { ...floor.admin, phone: '' },
    };
    await fc.assert(
      fc.asyncProperty(fc.array(steps, { minLength: 1, maxLength: 8 }), async (sequence) => {
        t.clock.advance(HOUR);
        const { deal } = await wonLot();
        const now = t.clock.now().getTime();
        let model: Deal = toDeal(await stateOf(deal.id));
        for (const s of sequence) {
          if (s.action === 'deadline') {
            if (model.deadline_ms === null) continue;
            await pastDeadline(deal.id);
            model = { ...model, deadline_ms: now - 1 };
          } else if (s.action === 'expire') {
            const expected = applyDealAction(model, { type: 'expire' }, { kind: 'system' }, now);
            const expired = await expireDueDeals(t.ctx, t.clock.now());
            expect(expired.includes(deal.id)).toBe(expected.ok);
            if (expected.ok) model = expected.deal;
          } else {
            const who = members[s.who as Who];
            const actor: DealActor =
              s.who === 'admin'
                ? { kind: 'admin' }
                : { kind: 'member', company_id: s.who === 'buyer' ? a.companyId : floor.sellerCompany.id };
            const action: DealAction =
              s.action === 'sign'
                ? { type: 'sign', method: 'sms' }
                : s.action === 'cancel'
                  ? { type: 'cancel', reason: 'Проверка' }
                  : s.action === 'offer_to_second'
                    ? { type: 'offer_to_second', buyer_company_id: b.companyId, price_kopecks: 1_100_000 }
                    : ({ type: s.action } as DealAction);
            const expected = applyDealAction(model, action, actor, now);
            const response =
              s.action === 'sign'
                ? await sign(who, deal.id)
                : await post(
                    who,
                    deal.id,
                    s.action,
                    s.action === 'cancel' ? { reason: 'Проверка' } : undefined,
                  );
            expect(response.statusCode).toBe(expected.ok ? 200 : DEAL_REFUSAL_HTTP_STATUS[expected.code]);
            if (expected.ok) model = expected.deal;
            // A confirmed payment hands the registry over at once, by the platform (decisions/0264).
            if (model.state === 'paid') {
              const handed = applyDealAction(model, { type: 'hand_over_registry' }, { kind: 'system' }, now);
              if (handed.ok) model = handed.deal;
            }
          }
          const stored = await stateOf(deal.id);
          expect([stored.state, stored.deadlineAt?.getTime() ?? null]).toEqual([
            model.state,
            model.deadline_ms,
          ]);
        }
      }),
      { numRuns: 20 },
    );
  }, 180_000);

  it('keeps each deal of a lot unique per attempt', async () => {
    const { lot, deal } = await wonLot();
    const row = await stateOf(deal.id);
    const { id: _id, ...copy } = row;
    await expect(t.ctx.db.insert(deals).values({ ...copy, lotId: lot.id })).rejects.toThrow();
  });
});
