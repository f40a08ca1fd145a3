/**
 * A plain model of one lot's money path for the model-based tests (support/moneyPath.ts), written from the
 * rules (spec 2 §4–§6, DESIGN.md §5, docs/auctions.md) and not from the server's code: what each action does to
 * the lot and what each role should then see. Buyers are companies 0, 1, 2; amounts are kopecks; times are ms.
 */
export type Format = 'classic' | 'dutch' | 'private_requests' | 'bank_to_bank';
type LotStatus = 'ready' | 'active' | 'finished' | 'closed';
export const MINUTE = 60_000;
/** "+N мин" shows while 5 minutes or less remain (spec 2 §9: 300001 ms). */
const RENEWAL_WINDOW_MS = 300_001;

export interface LotParams {
  format: Format;
  endMode: 'ransom' | 'convert';
  startMs: number;
  endMs: number;
  /** Classic start price, sealed minimum offer, dutch floor (min_price). */
  startPrice: number;
  step: number;
  /** Dutch only: the clock's first price. */
  maxPrice: number;
  /** lot_renewal_minutes: the "+N мин" and the dutch clock period. */
  periodMin: number;
  /** Classic anti-sniping (renewal_after_last_bid_in_minutes), 0 = off. */
  antiSnipeMin: number;
  maxBids: number | null;
  /** ОСЗ: sealed offers must stay below it, except bank_to_bank. */
  osz: number;
}

export interface Bid {
  company: number;
  amount: number;
  seq: number;
  id: number | null;
}

export interface Model {
  p: LotParams;
  now: number;
  seq: number;
  status: LotStatus;
  /** The procedure's status, null while it may or may not have followed its lot yet (until the next tick). */
  procedure: string | null;
  end: number;
  renewals: number;
  /** Classic: every bid in order (hand and auto). */
  history: Bid[];
  /** Dutch orders and sealed offers that stand, one per company. */
  standing: Map<number, Bid>;
  /** Ids of sealed offers that were replaced or withdrawn: the seller may not choose them. */
  retiredIds: number[];
  autobids: Map<number, { max: number; seq: number }>;
  winner: number | null;
  /** Convert: the classic second round's start price the seller's choice gave. */
  secondRoundPrice: number | null;
  secondRoundCreated: boolean;
  /** Steps taken since the lot closed: a run ends a little after that, unless a second round may follow. */
  stepsAfterClose: number;
}

export function newModel(p: LotParams, now: number, status: 'ready' | 'active'): Model {
  return {
    p,
    now,
    seq: 0,
    status,
    procedure: status,
    end: p.endMs,
    renewals: 0,
    history: [],
    standing: new Map(),
    retiredIds: [],
    autobids: new Map(),
    winner: null,
    secondRoundPrice: null,
    secondRoundCreated: false,
    stepsAfterClose: 0,
  };
}

export const isSealed = (p: LotParams) => p.format === 'private_requests' || p.format === 'bank_to_bank';
export const tradingOpen = (m: Model) => m.status === 'active' && m.p.startMs <= m.now && m.now < m.end;

/** Dutch clock at time t: one step down every period from the maximum, never below the floor. */
function dutchClock(m: Model, t = m.now): number {
  const { maxPrice, startPrice: floor, step, startMs, periodMin } = m.p;
  if (t < startMs) return maxPrice;
  return Math.max(floor, maxPrice - step * Math.floor((t - startMs) / (periodMin * MINUTE)));
}

export function dutchStepCount(p: LotParams): number {
  return Math.ceil((p.maxPrice - p.startPrice) / p.step) + 1;
}

function dutchCurrentStep(m: Model): number {
  return Math.min(dutchStepCount(m.p), Math.floor((m.now - m.p.startMs) / (m.p.periodMin * MINUTE)) + 1);
}

/** The best standing order or offer: the highest, then the earliest. */
function best(bids: Iterable<Bid>): Bid | null {
  let top: Bid | null = null;
  for (const b of bids)
    if (!top || b.amount > top.amount || (b.amount === top.amount && b.seq < top.seq)) top = b;
  return top;
}

function leaderBid(m: Model): Bid | null {
  return m.p.format === 'classic' ? (m.history.at(-1) ?? null) : best(m.standing.values());
}

export const leader = (m: Model) => leaderBid(m)?.company ?? null;
const bidsCount = (m: Model) => (m.p.format === 'classic' ? m.history.length : m.standing.size);

/** The company's last bid, standing order or standing offer. */
function ownLast(m: Model, company: number): number | null {
  if (m.p.format !== 'classic') return m.standing.get(company)?.amount ?? null;
  for (let i = m.history.length - 1; i >= 0; i--)
    if (m.history[i]!.company === company) return m.history[i]!.amount;
  return null;
}

export function nextPrice(m: Model): number {
  if (m.p.format === 'dutch') return dutchClock(m);
  if (m.p.format !== 'classic') return m.p.startPrice;
  const last = m.history.at(-1);
  return last ? last.amount + m.p.step : m.p.startPrice;
}

/** Anti-sniping: a classic bid with less than R minutes left moves the end to the bid's time + R. */
function antiSnipe(m: Model) {
  const r = m.p.antiSnipeMin * MINUTE;
  if (r > 0 && m.end - m.now < r) m.end = Math.max(m.end, m.now + r);
}

function addClassic(m: Model, company: number, amount: number, id: number | null) {
  m.history.push({ company, amount, seq: ++m.seq, id });
  antiSnipe(m);
}

const ceiling = (m: Model, max: number) =>
  m.p.startPrice + Math.floor((max - m.p.startPrice) / m.p.step) * m.p.step;

/**
 * Autobids answer at once (DESIGN §5, docs/auctions.md §4): the best autobid by maximum ends one step above the
 * most the runner-up can pay (capped at its own ceiling), the runner-up's last bid one step below; a defender
 * never outbids its own company; then every other company's autobid below the next price is maxed out.
 */
function resolveAutobids(m: Model) {
  const lead = leader(m);
  const next = nextPrice(m);
  const able = [...m.autobids.entries()]
    .filter(([, a]) => a.max >= next)
    .map(([company, a]) => ({ company, ...a }))
    .sort((x, y) => y.max - x.max || x.seq - y.seq);
  if (able.some((a) => a.company !== lead)) {
    const [w, r] = able as [(typeof able)[0], (typeof able)[0] | undefined];
    if (!r) addClassic(m, w.company, next, null);
    else {
      const final = Math.min(ceiling(m, r.max) + m.p.step, ceiling(m, w.max));
      const runnerBids = r.company !== lead && final - m.p.step >= next;
      if (runnerBids) addClassic(m, r.company, final - m.p.step, null);
      // A defender that wins without the runner-up bidding would only outbid itself: nothing happens.
      if (runnerBids || w.company !== lead) addClassic(m, w.company, final, null);
    }
  }
  const after = nextPrice(m);
  for (const [c, a] of m.autobids) if (c !== leader(m) && a.max < after) m.autobids.delete(c);
}

export type Code = 200 | 403 | 409 | 422;

/** A buyer's bid, order or offer (POST /api/v1/bids): the HTTP code the rules give, and its effect. */
export function placeBid(m: Model, company: number, amount: number, confirm: boolean): Code {
  if (amount <= 0) return 422;
  if (!tradingOpen(m)) return 409;
  const { p } = m;
  if (p.format === 'classic') {
    if (leader(m) === company && !confirm) return 409;
    if (amount < p.startPrice) return 422;
    if (amount < nextPrice(m)) return 409;
    if ((amount - p.startPrice) % p.step !== 0) return 422;
    addClassic(m, company, amount, null);
    resolveAutobids(m);
    return 200;
  }
  if (p.format === 'dutch') {
    const clock = dutchClock(m);
    if (amount > clock) return 409;
    if (amount < p.startPrice) return 422;
    if (amount !== p.startPrice && (p.maxPrice - amount) % p.step !== 0) return 422;
    const own = m.standing.get(company);
    if (own && amount <= own.amount) return 422;
    if (!own && p.maxBids !== null && m.standing.size >= p.maxBids) return 409;
    m.standing.set(company, { company, amount, seq: ++m.seq, id: null });
    // An order at the clock's price takes the lot at once.
    if (amount === clock) finishLot(m);
    return 200;
  }
  if (amount < p.startPrice) return 422;
  if (p.format === 'private_requests' && p.osz > 0 && amount >= p.osz) return 422;
  const old = m.standing.get(company);
  if (old?.id) m.retiredIds.push(old.id);
  m.standing.set(company, { company, amount, seq: ++m.seq, id: null });
  return 200;
}

/** Withdrawing a sealed offer (DELETE /api/v1/bids): none is left. */
export function withdraw(m: Model, company: number): Code {
  const own = m.standing.get(company);
  if (!tradingOpen(m) || !own) return 409;
  if (own.id) m.retiredIds.push(own.id);
  m.standing.delete(company);
  return 200;
}

/** POST /api/v1/autobid/enable: true when accepted (refusals' codes are not pinned by the rules). */
export function enableAutobid(m: Model, company: number, max: number): boolean {
  if (m.p.format !== 'classic') return false;
  if (m.status !== 'ready' && !tradingOpen(m)) return false;
  if (max <= nextPrice(m)) return false;
  const own = m.autobids.get(company);
  if (own && max <= own.max) return false;
  m.autobids.set(company, { max, seq: ++m.seq });
  if (m.status === 'active') resolveAutobids(m);
  return true;
}

/** "+N мин" by a buyer (null: the seller or an administrator). 0 stands for a refusal whose code is not pinned. */
export function renew(m: Model, company: number | null): Code | 0 {
  const hasBid =
    company !== null && (m.p.format === 'classic' ? ownLast(m, company) !== null : m.standing.has(company));
  if (!hasBid) return 403;
  if (!tradingOpen(m) || m.end - m.now >= RENEWAL_WINDOW_MS || m.renewals > 0) return 0;
  m.end += m.p.periodMin * MINUTE;
  m.renewals = 1;
  return 200;
}

function finishLot(m: Model) {
  m.status = 'finished';
  m.procedure = null;
}

/** The scheduler's pass at time t: the start (autobids answer), the dutch clock, the end. */
export function tick(m: Model, t: number) {
  m.now = t;
  if (m.status === 'ready' && t >= m.p.startMs) {
    m.status = 'active';
    m.procedure = 'active';
    if (m.p.format === 'classic') resolveAutobids(m);
  }
  if (m.status === 'active' && m.p.format === 'dutch') {
    const top = best(m.standing.values());
    if (top && top.amount >= dutchClock(m)) finishLot(m);
  }
  if (m.status === 'active' && t >= m.end) {
    if (bidsCount(m) > 0) finishLot(m);
    else {
      // A lot that ends without a bid is closed at once, without a winner (docs/auctions.md §13).
      m.status = 'closed';
      m.procedure = 'closed_without_bids';
    }
  }
  // A procedure follows its finished lot by the next pass at the latest.
  if (m.status === 'finished') m.procedure = 'finished';
}

/** The seller's choice of one of the pickable bids, or none. */
export function chooseWinner(m: Model, chosen: Bid | null) {
  m.status = 'closed';
  m.winner = chosen?.company ?? null;
  m.procedure = chosen ? 'closed' : 'closed_without_winners';
  if (m.p.endMode === 'convert') m.secondRoundPrice = chosen?.amount ?? m.p.startPrice;
}

/**
 * The bids the seller chooses from (the bidders list, spec 2 §3 "Bidder"): each company's last bid, its standing
 * order or its standing offer.
 */
export function pickable(m: Model): Bid[] {
  if (m.p.format !== 'classic') return [...m.standing.values()];
  const last = new Map<number, Bid>();
  for (const bid of m.history) last.set(bid.company, bid);
  return [...last.values()];
}

/** Whether a run still has something to try: the lot trades, awaits a choice, or just closed. */
export const live = (m: Readonly<Model>) =>
  m.status !== 'closed' || m.stepsAfterClose < 2 || canStartSecondRound(m as Model);

export const canChoose = (m: Model) => m.status === 'finished' && m.procedure === 'finished';
export const canStartSecondRound = (m: Model) =>
  m.p.endMode === 'convert' &&
  !m.secondRoundCreated &&
  m.secondRoundPrice !== null &&
  (m.procedure === 'closed' || m.procedure === 'closed_without_winners');

/** The condition line (docs/auctions.md §10) for the seller and administrators. */
function ownerCondition(m: Model): string {
  const convert = m.p.endMode === 'convert';
  const bids = bidsCount(m) > 0;
  switch (m.status) {
    case 'closed':
      if (m.winner !== null) return convert ? 'Начальная цена выбрана' : 'Победитель выбран';
      if (bids) return convert ? 'Начальная цена не выбрана' : 'Победителя нет';
      return 'Торги завершены без ставок';
    case 'finished':
      return bids ? 'Подведение итогов' : 'Торги завершены без ставок';
    case 'active':
      return bids ? 'Есть ставки' : 'Ставок нет';
    case 'ready':
      return 'Ожидает начала';
  }
}

/** The condition line for a buyer (docs/auctions.md §10): the first matching row wins. */
function participantCondition(m: Model, company: number): string {
  const convert = m.p.endMode === 'convert';
  const bids = bidsCount(m) > 0;
  const mine = ownLast(m, company) !== null;
  const leads = leader(m) === company;
  if (m.status === 'closed') {
    if (m.winner === company) return convert ? 'Выбрана ваша ставка' : 'Вы победили';
    if (!bids) return 'Торги завершены без ставок';
    if (m.winner === null) return convert ? 'Начальная цена не выбрана' : 'Победителя нет';
    return convert ? 'Выбрана другая ставка' : 'Победил другой участник';
  }
  if (m.status === 'finished') {
    if (!bids) return 'Торги завершены без ставок';
    if (!mine) return 'Ваших ставок нет';
    if (isSealed(m.p)) return 'Ваша ставка принята';
    return leads ? 'Вы лидируете' : 'Ставка перебита';
  }
  if (m.autobids.has(company)) return 'Включена автоставка';
  if (m.status === 'ready') return 'Ожидает начала';
  if (!mine) return 'Ваших ставок нет';
  if (isSealed(m.p)) return 'Ваша ставка принята';
  return leads ? 'Вы лидируете' : 'Ставка перебита';
}

/** Who looks: a buyer (company index) or the seller / an administrator. */
export type Viewer = { company: number } | 'master';

/**
 * What a viewer's GET /api/v1/lots/{id} must show (spec 2 §3, §6; docs/auctions.md §6): a sealed amount or
 * bidder reaches nobody before the end and no buyer ever; only masters see leader and winner names.
 */
export function expectedView(m: Model, viewer: Viewer, name: (company: number) => string) {
  const master = viewer === 'master';
  const me = master ? null : viewer.company;
  const sealed = isSealed(m.p);
  const trading = m.status === 'ready' || m.status === 'active';
  const lead = leaderBid(m);
  const revealed = !sealed || (master && !trading);
  const view: Record<string, unknown> = {
    status: m.status,
    bids_count: bidsCount(m),
    renewals_count: m.renewals,
    current_bidder_company: master && revealed && lead ? name(lead.company) : null,
    winner_company: master && m.winner !== null ? name(m.winner) : null,
    is_current_bidder: !sealed && me !== null && lead?.company === me,
    is_winner: me !== null && m.winner === me,
    last_users_bid_cents: me === null ? null : ownLast(m, me),
    condition: master ? ownerCondition(m) : participantCondition(m, me!),
  };
  if (!revealed) view.current_price = null;
  else if (m.p.format === 'dutch') {
    if (trading) view.current_price = dutchClock(m);
    else if (lead) view.current_price = lead.amount;
  } else view.current_price = lead?.amount ?? null;
  if (trading) {
    view.end_datetime = new Date(m.end).toISOString();
    view.next_price = nextPrice(m);
    if (me !== null) {
      const autobid = m.autobids.get(me);
      view.autobid_status = autobid ? 'enabled' : 'disabled';
      view.autobid_max_price = autobid?.max ?? null;
    }
  }
  if (m.p.format === 'dutch' && m.status === 'active') view.current_step = dutchCurrentStep(m);
  return view;
}
