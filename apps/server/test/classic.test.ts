import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { DRIVERS } from './support/db.ts';
import { buildCompany, buildUser } from './support/factories.ts';
import { signIn } from './support/http.ts';
import { api, buildFloor, type Floor, tradingLot } from './support/trading.ts';

describe.each(DRIVERS)('classic bidding on %s', (driver) => {
  let t: TestApp;
  let floor: Floor;
  let call: ReturnType<typeof api>;

  beforeAll(async () => {
    // Long-lived tokens: these tests move the clock across lot deadlines.
    t = await createTestApp(driver, { ACCESS_TOKEN_TTL_SECONDS: '86400' });
    floor = await buildFloor(t, 3);
    call = api(t);
  });
  afterAll(() => t.close());

  it('accepts a bid at the next price and makes its company the leader', async () => {
    const { lot } = await tradingLot(t, floor);
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    const first = await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'ok',
      message: 'Ставка принята',
      data: { amount: 1_000_000 },
    });
    const seenByA = await call.lot(a, lot.id);
    expect(seenByA).toMatchObject({
      current_price: 1_000_000,
      next_price: 1_100_000,
      bids_count: 1,
      is_current_bidder: true,
    });
    expect(seenByA.condition.text).toBe('Вы лидируете');
    expect(seenByA.leader_tag).toBe(seenByA.my_tag);
    const seenByB = await call.lot(b, lot.id);
    expect(seenByB).toMatchObject({ is_current_bidder: false, current_bidder_company: null });
    expect(seenByB.leader_tag).not.toBe(seenByB.my_tag);
    const seenBySeller = await call.lot(floor.seller, lot.id);
    expect(seenBySeller).toMatchObject({ current_bidder_company: 'ООО «Покупатель 1»', is_owner: true });
  });

  it('refuses bids against the rules with the spec texts', async () => {
    const { lot } = await tradingLot(t, floor);
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    const empty = await call.bid(a, { lot_id: lot.id, amount: null });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ amount: ['Должно быть заполнено'] });
    expect((await call.bid(a, { lot_id: lot.id, amount: 0 })).json().errors.amount).toEqual([
      'Должно быть больше 0',
    ]);
    expect((await call.bid(a, { lot_id: lot.id, amount: 900_000 })).json().errors.amount).toEqual([
      'Не может быть меньше минимальной суммы',
    ]);
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_050_000 })).statusCode).toBe(422);
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_000_000 })).statusCode).toBe(200);
    // B still sees the start price: the price moved on.
    const stale = await call.bid(b, { lot_id: lot.id, amount: 1_000_000 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Цена изменилась, обновите страницу');
    // The leader must confirm raising its own bid.
    const raise = await call.bid(a, { lot_id: lot.id, amount: 1_100_000 });
    expect(raise.statusCode).toBe(409);
    expect(raise.json()).toMatchObject({ code: 'confirm_required', message: 'Ваша ставка уже лидирует' });
    expect((await call.bid(a, { lot_id: lot.id, amount: 1_100_000, confirm: true })).statusCode).toBe(200);
    // Several steps at once.
    expect((await call.bid(b, { lot_id: lot.id, amount: 1_500_000 })).statusCode).toBe(200);
    expect(await call.lot(b, lot.id)).toMatchObject({ current_price: 1_500_000, bids_count: 3 });
  });

  it('lets neither the seller nor an administrator nor a company without accreditation bid', async () => {
    const { lot } = await tradingLot(t, floor);
    const seller = await call.bid(floor.seller, { lot_id: lot.id, amount: 1_000_000 });
    expect(seller.statusCode).toBe(403);
    expect(seller.json().message).toBe('Организатор торгов не может делать ставки');
    expect((await call.bid(floor.admin, { lot_id: lot.id, amount: 1_000_000 })).json().message).toBe(
      'Администратор не может делать ставки',
    );
    const newbieCompany = await buildCompany(t.ctx.db, { goodStanding: false });
    const newbie = await buildUser(t.ctx.db, { company: newbieCompany });
    const token = (await signIn(t.app, newbie.email!)).jwt.token;
    const response = await call.bid(
      { userId: newbie.id, companyId: newbieCompany.id, token },
      { lot_id: lot.id, amount: 1_000_000 },
    );
    expect(response.statusCode).toBe(403);
    expect(await call.lot(floor.seller, lot.id)).toMatchObject({ bids_count: 0, current_price: null });
  });

  it('refuses a company whose kind the procedure does not admit', async () => {
    const { lot } = await tradingLot(t, floor, {
      briefcase: { allowedKindsMap: { legal: false, bank: true, mfo: true, self: true, physical: true } },
    });
    const response = await call.bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Ваша компания не допущена к участию в этой торговой процедуре');
  });

  it('takes only autobids before the start', async () => {
    const { lot } = await tradingLot(t, floor, { status: 'ready', startInMs: 3_600_000, endInMs: 7_200_000 });
    const bid = await call.bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 });
    expect(bid.statusCode).toBe(409);
    expect(bid.json().message).toBe('До начала торгов можно установить только автоставку');
    const autobid = await call.autobid(floor.buyers[0]!, { lot_id: lot.id, max_price: 2_000_000 });
    expect(autobid.statusCode).toBe(200);
    expect(autobid.json()).toMatchObject({
      message: 'Автоставка включена',
      data: { attributes: { status: 'enabled' } },
    });
  });

  it('moves the end on a late bid (anti-sniping)', async () => {
    const { lot } = await tradingLot(t, floor, { endInMs: 120_000, renewalMinutes: 10 });
    await call.bid(floor.buyers[0]!, { lot_id: lot.id, amount: 1_000_000 });
    const after = await call.lot(floor.buyers[0]!, lot.id);
    expect(Date.parse(after.end_datetime)).toBe(t.clock.now().getTime() + 10 * 60_000);
  });

  it('answers a retried submission with the first outcome, never twice', async () => {
    const { lot } = await tradingLot(t, floor);
    const payload = { lot_id: lot.id, amount: 1_000_000, idempotency_key: 'retry-0001-abc' };
    const first = await call.bid(floor.buyers[0]!, payload);
    const second = await call.bid(floor.buyers[0]!, payload);
    expect(first.json().data).toMatchObject({ duplicate: false });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ bid_id: first.json().data.bid_id, duplicate: true });
    expect((await call.lot(floor.seller, lot.id)).bids_count).toBe(1);
  });

  it('lets an autobid answer a hand bid at once, up to its maximum, and reports when it is maxed out', async () => {
    const { lot } = await tradingLot(t, floor);
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    expect((await call.autobid(b, { lot_id: lot.id, max_price: 1_350_000 })).statusCode).toBe(200);
    // Enabled during trading with no leader: the autobid takes the start price.
    expect(await call.lot(b, lot.id)).toMatchObject({
      current_price: 1_000_000,
      is_current_bidder: true,
      autobid_status: 'enabled',
    });
    await call.bid(a, { lot_id: lot.id, amount: 1_100_000 });
    expect(await call.lot(b, lot.id)).toMatchObject({ current_price: 1_200_000, is_current_bidder: true });
    await call.bid(a, { lot_id: lot.id, amount: 1_300_000 });
    const bView = await call.lot(b, lot.id);
    expect(bView).toMatchObject({
      current_price: 1_300_000,
      is_current_bidder: false,
      autobid_status: 'disabled',
    });
    const log = (await call.get(floor.seller, `/api/v1/lots/${lot.id}/bids?per_page=10`)).json().data.bids;
    expect(log.map((e: { amount: number; source_type: string }) => [e.amount, e.source_type])).toEqual([
      [1_300_000, 'hand'],
      [1_200_000, 'auto'],
      [1_100_000, 'hand'],
      [1_000_000, 'auto'],
    ]);
    // Participants read other bidders as "Участник N".
    const aLog = (await call.get(a, `/api/v1/lots/${lot.id}/bids`)).json().data.bids;
    expect(aLog.find((e: { is_own: boolean }) => !e.is_own).company_name).toBe('Участник 1');
  });

  it('resolves two autobids in one step: the higher maximum wins one step above the other', async () => {
    const { lot } = await tradingLot(t, floor);
    const [a, b, c] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0], Floor['buyers'][0]];
    await call.bid(c, { lot_id: lot.id, amount: 1_000_000 });
    await call.autobid(a, { lot_id: lot.id, max_price: 3_000_000 });
    await call.autobid(b, { lot_id: lot.id, max_price: 2_000_000 });
    const seller = await call.lot(floor.seller, lot.id);
    expect(seller).toMatchObject({ current_price: 2_100_000, current_bidder_company: 'ООО «Покупатель 1»' });
    // No storm: a handful of bids, not one per step.
    expect(seller.bids_count).toBeLessThanOrEqual(5);
  });

  it('renames a lot for the seller only, with the limits of the spec', async () => {
    const { lot } = await tradingLot(t, floor);
    const rename = (who: Floor['seller'], alias: string) =>
      call.send(who, 'PUT', `/api/v1/lots/${lot.id}/rename`, { alias_number: alias });
    expect((await rename(floor.buyers[0]!, 'Мой')).statusCode).toBe(403);
    expect((await rename(floor.seller, '   ')).json().errors).toEqual({ alias_number: ['Введите название'] });
    expect((await rename(floor.seller, 'x'.repeat(21))).json().errors).toEqual({
      alias_number: ['Не более 20 символов'],
    });
    expect((await rename(floor.seller, 'Москва-1')).statusCode).toBe(200);
    expect((await call.lot(floor.buyers[0]!, lot.id)).number).toBe('Москва-1');
  });

  it('extends a lot once by +N minutes in its last five minutes, for a participant with a bid', async () => {
    const { lot } = await tradingLot(t, floor, { endInMs: 10 * 60_000 });
    const [a, b] = floor.buyers as [Floor['buyers'][0], Floor['buyers'][0]];
    await call.bid(a, { lot_id: lot.id, amount: 1_000_000 });
    const renew = (who: Floor['seller']) => call.send(who, 'POST', `/api/v1/lots/${lot.id}/renewal`);
    // Registries and the wizard keep a lot's number as its name until the seller renames it.
    await call.send(floor.seller, 'PUT', `/api/v1/lots/${lot.id}/rename`, {
      alias_number: String(lot.number),
    });
    expect((await renew(a)).json().message).toBe('Продлить торги можно в последние 5 минут');
    t.clock.advance(6 * 60_000);
    try {
      expect((await renew(b)).json().message).toBe('Продлить торги может только участник со ставкой');
      const ok = await renew(a);
      expect(ok.statusCode).toBe(200);
      // The lot's name as the feed shows it: a name that is only its own number reads «Лот №N».
      expect(ok.json().message).toBe(`Лот №${lot.number}: время торгов продлено на 10 мин`);
      const after = await call.lot(a, lot.id);
      expect(after.renewals_count).toBe(1);
      expect(Date.parse(after.end_datetime)).toBe(Date.parse(lot.endDatetime!.toISOString()) + 10 * 60_000);
      // In the last five minutes of the new end: still only once.
      t.clock.advance(10 * 60_000);
      expect((await renew(a)).json().message).toBe('Время торгов по лоту уже продлевалось');
      t.clock.advance(-10 * 60_000);
    } finally {
      t.clock.advance(-6 * 60_000);
    }
  });

  it('lists the lots of a procedure 48 per page, with the favourites filter', async () => {
    const { briefcase, lot } = await tradingLot(t, floor);
    const buyer = floor.buyers[0]!;
    const toggle = await call.send(buyer, 'PUT', `/api/v1/lots/${lot.id}/toggle_favorite`);
    expect(toggle.json().data).toEqual({ favorite: true });
    const all = (await call.get(buyer, `/api/v1/lots?briefcase_id=${briefcase.id}`)).json().data;
    expect(all.lots).toHaveLength(1);
    expect(all.lots[0].attributes.is_favorited).toBe(true);
    const favourites = (
      await call.get(buyer, `/api/v1/lots?briefcase_id=${briefcase.id}&type=favorite`)
    ).json().data;
    expect(favourites.total_count).toBe(1);
    await call.send(buyer, 'PUT', `/api/v1/lots/${lot.id}/toggle_favorite`);
    expect(
      (await call.get(buyer, `/api/v1/lots?briefcase_id=${briefcase.id}&type=favorite`)).json().data
        .total_count,
    ).toBe(0);
  });
});
