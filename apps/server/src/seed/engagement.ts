/** What buyers did around the trading: favourites, questions to sellers, and the events they were told of. */
import { briefcaseStatusLabel, DAY_MS, HOUR_MS, MINUTE_MS } from '@etp/domain';
import type { DbOrTx } from '../db/client.ts';
import type { AuctionTypeColumn, BriefcaseStatusColumn, EventKind } from '../db/schema/index.ts';
import { events, favouriteBriefcases, favouriteLots, questions } from '../db/schema/index.ts';
import { EVENT_TEXTS } from '../modules/events/events.messages.ts';
import { BUYER_KEYS, type BuyerKey } from './accounts.data.ts';
import type { AccountIds } from './accounts.ts';
import { COMPANIES } from './companies.data.ts';
import type { InsertedProcedure } from './insert.ts';
import { QUESTIONS } from './texts.ts';

/** Seeded lots carry their number as the alias (insert.ts): titled as trading titles them. */
const lotRef = (lot: { number: number }) => ({ number: lot.number, aliasNumber: String(lot.number) });

function find(done: readonly InsertedProcedure[], type: AuctionTypeColumn, status: BriefcaseStatusColumn) {
  const p = done.find((d) => d.model.spec.type === type && d.model.spec.status === status);
  if (!p) throw new Error(`demo plan has no ${type} procedure in status ${status}`);
  return p;
}

interface EventRow {
  userId: number;
  companyId: number;
  kind: EventKind;
  briefcaseId: number | null;
  lotId: number | null;
  payload: { text: string };
  readAt: Date | null;
  /** Seeded events are history: the mail worker does not mail them. */
  mailedAt: Date;
  createdAt: Date;
}

function tradingEvents(done: readonly InsertedProcedure[], ids: AccountIds, now: Date): EventRow[] {
  const out: EventRow[] = [];
  const push = (
    key: BuyerKey,
    kind: EventKind,
    d: InsertedProcedure,
    li: number | null,
    text: string,
    at: Date,
  ) => {
    const read = now.getTime() - at.getTime() > DAY_MS;
    out.push({
      userId: ids.user[key],
      companyId: ids.company[key],
      kind,
      briefcaseId: d.id,
      lotId: li === null ? null : d.lotIds[li]!,
      payload: { text },
      readAt: read ? new Date(at.getTime() + HOUR_MS) : null,
      mailedAt: at,
      createdAt: at,
    });
  };
  for (const d of done) {
    const { spec } = d.model;
    const bidders = new Set(d.model.lots.flatMap((l) => l.bids.map((b) => b.company)));
    if (spec.status === 'active') {
      for (const key of bidders)
        push(
          key,
          'briefcase_status',
          d,
          null,
          EVENT_TEXTS.status(d.id, briefcaseStatusLabel('active')),
          d.model.start,
        );
    }
    if (spec.status === 'finished') {
      const text = EVENT_TEXTS.status(d.id, briefcaseStatusLabel('finished'));
      for (const key of bidders) push(key, 'briefcase_status', d, null, text, d.model.end);
    }
    d.model.lots.forEach((lot, li) => {
      if (spec.status === 'active' && spec.type === 'classic') {
        lot.bids.forEach((bid, i) => {
          const topping = lot.bids.slice(i + 1).find((b) => b.company !== bid.company);
          const again = lot.bids.slice(i + 1).some((b) => b.company === bid.company);
          if (!topping || again) return;
          push(bid.company, 'outbid', d, li, EVENT_TEXTS.outbid(lotRef(lot), d.id), topping.at);
        });
        for (const a of lot.autobids.filter((x) => !x.enabled && x.disabledAt)) {
          push(
            a.company,
            'autobid_maxed_out',
            d,
            li,
            EVENT_TEXTS.autobidMaxedOut(lotRef(lot), d.id),
            a.disabledAt!,
          );
        }
      }
      if (lot.winner !== null) {
        const bid = lot.bids[lot.winner]!;
        const decided = new Date(lot.end.getTime() + 26 * HOUR_MS);
        push(bid.company, 'won', d, li, EVENT_TEXTS.won(lotRef(lot), d.id), decided);
        // As trading does: every other bidder of the lot is told it lost, once.
        const others = new Set(lot.bids.map((b) => b.company).filter((c) => c !== bid.company));
        for (const key of others)
          push(key, 'lost', d, li, EVENT_TEXTS.lostToOther(lotRef(lot), d.id), decided);
      }
    });
  }
  return out;
}

export async function insertEngagement(
  tx: DbOrTx,
  done: readonly InsertedProcedure[],
  ids: AccountIds,
  now: Date,
): Promise<{ events: number; favourites: number; questions: number }> {
  const t = now.getTime();
  const activeClassic = find(done, 'classic', 'active');
  const readyClassic = find(done, 'classic', 'ready');
  const favourites: [BuyerKey, InsertedProcedure][] = [
    ['buyerLegal', activeClassic],
    ['buyerLegal', find(done, 'dutch', 'active')],
    ['buyerLegal', readyClassic],
    ['buyerBank', find(done, 'bank_to_bank', 'active')],
    ['buyerBank', find(done, 'private_requests', 'ready')],
    ['buyerPhysical', activeClassic],
    ['buyerSelf', find(done, 'dutch', 'ready')],
  ];
  await tx.insert(favouriteBriefcases).values(
    favourites.map(([key, d], i) => ({
      userId: ids.user[key],
      briefcaseId: d.id,
      createdAt: new Date(t - (i + 2) * 7 * HOUR_MS),
    })),
  );
  const lotFavourites = activeClassic.lotIds.slice(0, 3).map((lotId, i) => ({
    userId: ids.user.buyerLegal,
    lotId,
    createdAt: new Date(t - (i + 1) * 5 * HOUR_MS),
  }));
  await tx.insert(favouriteLots).values(lotFavourites);

  const [answered, open, onReady] = QUESTIONS;
  const asked = (hoursAgo: number) => new Date(t - hoursAgo * HOUR_MS);
  await tx.insert(questions).values([
    {
      briefcaseId: activeClassic.id,
      authorUserId: ids.user.buyerLegal,
      title: answered.title,
      answer: answered.answer,
      status: 'answered',
      active: true,
      publishedAt: asked(52),
      createdAt: asked(70),
      updatedAt: asked(52),
    },
    {
      briefcaseId: activeClassic.id,
      authorUserId: ids.user.buyerBank,
      title: open.title,
      answer: null,
      status: 'unanswered',
      active: false,
      createdAt: asked(3),
      updatedAt: asked(3),
    },
    {
      briefcaseId: readyClassic.id,
      authorUserId: ids.user.buyerMfo,
      title: onReady.title,
      answer: onReady.answer,
      status: 'answered',
      active: true,
      publishedAt: asked(30),
      createdAt: asked(40),
      updatedAt: asked(30),
    },
  ]);

  const accreditation: EventRow[] = BUYER_KEYS.map((key) => {
    const c = COMPANIES.find((x) => x.key === key)!;
    const at = new Date(t - (c.age - 1) * DAY_MS + 10 * MINUTE_MS);
    return {
      userId: ids.user[key],
      companyId: ids.company[key],
      kind: 'accreditation_approved',
      briefcaseId: null,
      lotId: null,
      payload: { text: EVENT_TEXTS.accreditationApproved(c.name) },
      readAt: new Date(at.getTime() + HOUR_MS),
      mailedAt: at,
      createdAt: at,
    };
  });
  const all = [...accreditation, ...tradingEvents(done, ids, now)].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
  await tx.insert(events).values(all);
  return { events: all.length, favourites: favourites.length + lotFavourites.length, questions: 3 };
}
