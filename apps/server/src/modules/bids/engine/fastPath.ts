/**
 * What this node knows about the lots it trades, so that a stale bid on a classic lot is refused before any lock
 * or query, and bids on one lot wait their turn here instead of in a database connection (decisions/0015).
 *
 * A classic lot's next price never decreases while it trades. The book keeps, per lot, the last state this node
 * read under the lot's lock or committed itself, and the highest next price the bus has announced since. A bid
 * that the rules refuse with "price changed" against that state, or that is below the announced next price, is
 * refused with the same text the locked path gives. Anything else (a bid that may be valid, another refusal,
 * another format, a lot that stopped trading) takes the locked path.
 */
import { performance } from 'node:perf_hooks';
import { BID_MESSAGES, type BidActor, type LotState, type Rejection, validateBid } from '@etp/domain';
import type { AppContext } from '../../../appContext.ts';
import type { BusEvent } from '../../../realtime/bus.ts';
import type { AuthContext } from '../../auth/guards/routeGuards.ts';
import { isAdmitted, isMaster } from '../../briefcases/briefcases.policy.ts';
import type { BriefcaseRow } from '../../lots/trading/lotState.ts';

/**
 * What a stale refusal needs of the lot's procedure: its seller, format and admission rules. The book used to keep
 * the whole procedure row of the last read of each lot (some 100 fields, for up to MAX_LOTS lots) and read five of
 * them (decisions/0054).
 */
type Procedure = Pick<
  BriefcaseRow,
  | 'id'
  | 'companyId'
  | 'auctionType'
  | 'allowedKindsMap'
  | 'fsspOnly'
  | 'okved8291Only'
  | 'fsspBankOnly'
  | 'fsspMfoOnly'
>;

const procedureOf = (b: Procedure): Procedure => ({
  id: b.id,
  companyId: b.companyId,
  auctionType: b.auctionType,
  allowedKindsMap: b.allowedKindsMap,
  fsspOnly: b.fsspOnly,
  okved8291Only: b.okved8291Only,
  fsspBankOnly: b.fsspBankOnly,
  fsspMfoOnly: b.fsspMfoOnly,
});

interface Known {
  /** The lot's state at `version`, as read under its lock or committed by this node. */
  state: LotState;
  version: number;
  briefcase: Procedure;
  /** The highest next price announced on the bus for a later version (0 when none). */
  announcedNext: number;
  announcedVersion: number;
}

/** Lots this node remembers at most; the book is a cache and is simply cleared beyond that. */
const MAX_LOTS = 20_000;

export class LotBook {
  private readonly lots = new Map<number, Known>();
  private readonly tails = new Map<number, Promise<void>>();
  readonly stop: () => void;

  constructor(bus: AppContext['bus']) {
    this.stop = bus.subscribe((event) => this.hear(event));
  }

  /** Remembers the state of a lot read under its lock or just committed (never an uncommitted one). */
  remember(state: LotState, version: number, briefcase: Procedure): void {
    const known = this.lots.get(state.id);
    if (known && known.version >= version) return;
    if (!known && this.lots.size >= MAX_LOTS) this.lots.clear();
    this.lots.set(state.id, {
      state,
      version,
      briefcase: procedureOf(briefcase),
      announcedNext: known && known.announcedVersion > version ? known.announcedNext : 0,
      announcedVersion: known && known.announcedVersion > version ? known.announcedVersion : 0,
    });
  }

  forget(lotId: number): void {
    this.lots.delete(lotId);
  }

  /** Lot updates of every node: a newer price raises the bound; a lot that stops trading is forgotten. */
  private hear(event: BusEvent): void {
    const m = event.message;
    if (m.channel !== 'LotsStream' || m.action !== 'lot_update') return;
    const p = m.payload as { id?: number; status?: string; next_price?: number; version?: number } | null;
    if (!p || typeof p.id !== 'number') return;
    const known = this.lots.get(p.id);
    if (!known) return;
    if (p.status !== 'active') {
      this.lots.delete(p.id);
      return;
    }
    if (typeof p.version === 'number' && typeof p.next_price === 'number' && p.version > known.version) {
      if (p.version > known.announcedVersion) known.announcedVersion = p.version;
      if (p.next_price > known.announcedNext) known.announcedNext = p.next_price;
    }
  }

  /**
   * The refusal the locked path would give a stale bid on a classic lot, or null when only the locked path can
   * tell. Only "price changed" is ever answered here: every other outcome goes to the lot's lock.
   */
  staleRefusal(
    lotId: number,
    auth: AuthContext,
    bid: { amount?: number | null; confirm?: boolean },
    nowMs: number,
  ): Rejection | null {
    const known = this.lots.get(lotId);
    if (known?.briefcase.auctionType !== 'classic' || known.state.status !== 'active') return null;
    if (typeof bid.amount !== 'number') return null;
    const company = auth.company;
    // The seller's members (and administrators) are the procedure's masters (see decideAccess).
    const master = auth.user.role === 'admin' || isMaster(auth, known.briefcase);
    const actor: BidActor = {
      isOwner: master && auth.user.role !== 'admin',
      isAdmin: auth.user.role === 'admin',
      goodStanding: Boolean(company?.goodStanding),
      allowedKind: company !== null && isAdmitted(company, known.briefcase),
      standingAmount: null,
    };
    const input = {
      amount: bid.amount,
      companyId: company?.id ?? 0,
      userId: auth.user.id,
      confirmRaise: bid.confirm,
    };
    const check = validateBid(known.state, input, actor, nowMs);
    if (!check.ok) {
      return check.code === 'conflict' && check.message === BID_MESSAGES.priceChanged ? check : null;
    }
    // Valid against the state read here; a later version announced on the bus may have passed it. Without the
    // confirmation the caller's own company might lead by now ("confirm" would be the answer), so only then.
    if (bid.confirm === true && bid.amount < known.announcedNext) {
      return { ok: false, code: 'conflict', message: BID_MESSAGES.priceChanged, field: 'amount' };
    }
    return null;
  }

  /**
   * Whether a bid on the lot may go to the group commit (engine/batch.ts): yes unless the book knows the lot is not
   * a classic one (the batch would hand it back). An unknown lot is tried there; the batch tells.
   */
  mayBatch(lotId: number): boolean {
    const known = this.lots.get(lotId);
    return !known || known.briefcase.auctionType === 'classic';
  }

  /**
   * Runs `task` after every earlier task of this node on the same lot has finished. With a `deadline`
   * (performance.now() time), a task whose turn has not come by then leaves the line with TurnTimedOut. The tasks
   * behind it then wait only for the ones before it.
   */
  async inTurn<T>(lotId: number, task: () => Promise<T>, deadline?: number): Promise<T> {
    const previous = this.tails.get(lotId) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => done);
    this.tails.set(lotId, tail);
    const forget = () => {
      if (this.tails.get(lotId) === tail) this.tails.delete(lotId);
    };
    if (deadline === undefined) await previous;
    else if (!(await turnBefore(previous, deadline))) {
      previous.then(() => {
        release();
        forget();
      });
      throw new TurnTimedOut();
    }
    try {
      return await task();
    } finally {
      release();
      forget();
    }
  }
}

/**
 * A bid whose deadline passed while it waited for its turn on a lot (decisions/0237). It carries lock_timeout's
 * SQLSTATE, so it is answered like a lock wait that timed out: 503 with Retry-After (db/availability.ts).
 */
export class TurnTimedOut extends Error {
  readonly code = '55P03';
  constructor() {
    super('the bid waited for its lot past its deadline');
  }
}

/** Whether `previous` settles before `deadline` (performance.now() time). */
async function turnBefore(previous: Promise<void>, deadline: number): Promise<boolean> {
  const left = deadline - performance.now();
  if (left <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), left);
  });
  try {
    return await Promise.race([previous.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The node's book (nodeState.ts). */
export function lotBook(ctx: AppContext): LotBook {
  return ctx.node.lotBook;
}
