/** The load generator's process: receives a LoadPlan, bids through the HTTP API, answers with a LoadResult. */
import { type LiveFrame, unpackLiveFrame } from '@etp/contracts';
import WebSocket from 'ws';
import { JsonClient, type JsonReply } from './http.ts';
import type { Ack, LoadMessage, LoadPlan, LoadResult, PlanBuyer, PlanLot } from './load.ts';
import { clock, sleep } from './report.ts';

function newResult(): LoadResult {
  return {
    elapsed_ms: 0,
    attempts: 0,
    accepted: 0,
    stale: 0,
    other: {},
    latencies: [],
    timeline: [],
    skipped: 0,
    reads: 0,
    warmup_accepted: 0,
    warmup_timeline: [],
    cpu_s: 0,
    samples: {},
  };
}

/** Counts one reply; true when the bid was accepted. */
function count(result: LoadResult, reply: JsonReply, startedAt: number, runStart: number): boolean {
  result.attempts++;
  const now = clock();
  if (reply.status === 200) {
    result.accepted++;
    result.latencies.push(now - startedAt);
    const second = Math.floor((now - runStart) / 1000);
    result.timeline[second] = (result.timeline[second] ?? 0) + 1;
    return true;
  }
  if (reply.status === 409 && reply.body?.code === 'conflict') {
    result.stale++;
    return false;
  }
  const key = `${reply.status}${reply.body?.code ? ` ${reply.body.code}` : ''}`;
  result.other[key] = (result.other[key] ?? 0) + 1;
  result.samples[key] ??= reply.body;
  return false;
}

/** How long a refused bidder waits for the live update before it reads the lot itself. */
const READ_AFTER_MS = 200;

const tokenOf = (buyer: PlanBuyer, n: number) => buyer.tokens[n % buyer.tokens.length]!;

/**
 * One lot, many bidders. Bidding the next price, a bidder learns it from its replies, the live feed, or a read;
 * on a ladder, each bid takes the next step of a counter shared by the bidders.
 */
async function hot(plan: Extract<LoadPlan, { mode: 'hot' }>, result: LoadResult): Promise<void> {
  const client = new JsonClient(plan.url, plan.bidders.length + 4);
  const { lot } = plan;
  const known = { version: -1, next: lot.nextPrice };
  /** Ladder bidding: the amount of the next bid sent, one step above the one sent before. */
  const ladder = {
    amount: lot.nextPrice,
    take(): number {
      const amount = Math.max(this.amount, known.next);
      this.amount = amount + lot.stepPrice;
      return amount;
    },
  };
  let wake: (() => void)[] = [];
  const learn = (version: number, next: number) => {
    if (next <= known.next && version <= known.version) return;
    known.next = Math.max(known.next, next);
    known.version = Math.max(known.version, version);
    for (const w of wake) w();
    wake = [];
  };
  // Bidding the next price, the bidders also learn it from the lot's live updates (as the bid dialog does); a
  // ladder needs no price but its own, so it opens no socket whose updates would cost the generator CPU.
  const watcher = plan.bidding === 'next_price' ? await watchLot(plan, learn) : null;
  const run = async (seconds: number, into: LoadResult) => {
    const start = clock();
    const end = start + seconds * 1000;
    await Promise.all(
      plan.bidders.map(async (bidder, i) => {
        for (let n = i; clock() < end; n++) {
          const amount = plan.bidding === 'ladder' ? ladder.take() : known.next;
          const token = tokenOf(bidder, n);
          const t0 = clock();
          const reply = await client.post('/api/v1/bids', token, { lot_id: lot.id, amount, confirm: true });
          if (count(into, reply, t0, start)) {
            learn(known.version, amount + lot.stepPrice);
            continue;
          }
          if (reply.status !== 409) await sleep(10);
          if (plan.bidding !== 'next_price' || known.next > amount) continue;
          // The live update has not arrived yet: wait for it a little, then read the lot.
          await Promise.race([new Promise<void>((resolve) => wake.push(resolve)), sleep(READ_AFTER_MS)]);
          if (known.next > amount || clock() >= end) continue;
          into.reads++;
          const view = await client.get(`/api/v1/lots/${lot.id}`, token);
          const attributes = (view.body?.data as { attributes?: { next_price: number; version: number } })
            ?.attributes;
          if (attributes) learn(attributes.version, attributes.next_price);
        }
      }),
    );
    into.elapsed_ms = clock() - start;
  };
  await warmedUp(plan, result, run);
  watcher?.close();
  client.close();
}

/** A socket subscribed to the lot's procedure that reports each update of the lot (single or in a batch frame). */
async function watchLot(
  plan: Extract<LoadPlan, { mode: 'hot' }>,
  learn: (version: number, next: number) => void,
): Promise<WebSocket> {
  const { lot } = plan;
  const watcher = new WebSocket(`${plan.url.replace(/^http/, 'ws')}/ws`);
  await new Promise((resolve, reject) => watcher.once('open', resolve).once('error', reject));
  watcher.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as LiveFrame | { type: string };
    if ('type' in frame) return;
    for (const m of unpackLiveFrame(frame)) {
      const payload = m.payload as { id?: number; version: number; next_price: number } | null;
      if (m.action === 'lot_update' && payload?.id === lot.id) learn(payload.version, payload.next_price);
    }
  });
  watcher.send(JSON.stringify({ command: 'authenticate', token: plan.bidders[0]!.tokens[0] }));
  watcher.send(
    JSON.stringify({ command: 'subscribe', channel: 'LotsStream', briefcase_id: lot.briefcaseId }),
  );
  await sleep(200);
  return watcher;
}

/** Lots the generator bids on, one bid in flight per lot, each bid by a company that does not lead the lot. */
class Book {
  private readonly next = new Map<number, number>();
  private readonly leader = new Map<number, number>();
  private readonly busy = new Set<number>();

  constructor(
    private readonly lots: PlanLot[],
    private readonly buyers: PlanBuyer[],
  ) {
    for (const lot of lots) {
      this.next.set(lot.id, lot.nextPrice);
      if (lot.leaderCompanyId !== null) this.leader.set(lot.id, lot.leaderCompanyId);
    }
  }

  take(): { lot: PlanLot; buyer: PlanBuyer; amount: number } | null {
    for (let tries = 0; tries < 64; tries++) {
      const lot = this.lots[Math.floor(Math.random() * this.lots.length)]!;
      if (this.busy.has(lot.id)) continue;
      let buyer = this.buyers[Math.floor(Math.random() * this.buyers.length)]!;
      if (buyer.companyId === this.leader.get(lot.id)) {
        buyer = this.buyers[(this.buyers.indexOf(buyer) + 1) % this.buyers.length]!;
      }
      this.busy.add(lot.id);
      return { lot, buyer, amount: this.next.get(lot.id)! };
    }
    return null;
  }

  done(lot: PlanLot, buyer: PlanBuyer, amount: number, accepted: boolean): void {
    this.busy.delete(lot.id);
    if (!accepted) return;
    this.next.set(lot.id, amount + lot.stepPrice);
    this.leader.set(lot.id, buyer.companyId);
  }

  /** After a refusal the book may be wrong (a bid of another client): read the lot's price again. */
  resync(lot: PlanLot, nextPrice: number): void {
    this.next.set(lot.id, nextPrice);
  }
}

let streaming = false;
let outbox: Ack[] = [];

/** With recordAcks, sends the acknowledgement to the parent within a few milliseconds. */
function streamAck(ack: Ack): void {
  if (!streaming) return;
  if (outbox.length === 0) {
    setTimeout(() => {
      process.send!({ kind: 'acks', acks: outbox } satisfies LoadMessage);
      outbox = [];
    }, 5);
  }
  outbox.push(ack);
}

async function bidOnce(
  client: JsonClient,
  book: Book,
  result: LoadResult,
  startedAt: number,
  runStart: number,
  n: number,
): Promise<boolean> {
  const pick = book.take();
  if (!pick) return false;
  const { lot, buyer, amount } = pick;
  const token = tokenOf(buyer, n);
  const reply = await client.post('/api/v1/bids', token, { lot_id: lot.id, amount });
  const accepted = count(result, reply, startedAt, runStart);
  if (accepted) streamAck({ lotId: lot.id, amount, at: clock() });
  if (!accepted && reply.status === 409) {
    const view = await client.get(`/api/v1/lots/${lot.id}`, token);
    const next = (view.body?.data as { attributes?: { next_price: number } })?.attributes?.next_price;
    if (next) book.resync(lot, next);
  }
  book.done(lot, buyer, amount, accepted);
  return true;
}

async function closed(plan: Extract<LoadPlan, { mode: 'closed' }>, result: LoadResult): Promise<void> {
  const client = new JsonClient(plan.url, plan.concurrency);
  const book = new Book(plan.lots, plan.buyers);
  await warmedUp(plan, result, async (seconds, into) => {
    const start = clock();
    const end = start + seconds * 1000;
    await Promise.all(
      Array.from({ length: plan.concurrency }, async (_, i) => {
        for (let n = i; clock() < end; n += plan.concurrency) {
          if (!(await bidOnce(client, book, into, clock(), start, n))) await sleep(1);
        }
      }),
    );
    into.elapsed_ms = clock() - start;
  });
  client.close();
}

/**
 * Runs `run` for the plan's warm-up (into a result of its own, of which the accepted bids are kept), tells the
 * parent that the measured run starts, and runs it for the plan's seconds.
 */
async function warmedUp(
  plan: LoadPlan,
  result: LoadResult,
  run: (seconds: number, into: LoadResult) => Promise<void>,
): Promise<void> {
  if (plan.warmupSeconds) {
    const warmup = newResult();
    await run(plan.warmupSeconds, warmup);
    result.warmup_accepted = warmup.accepted;
    result.warmup_timeline = warmup.timeline;
  }
  process.send!({ kind: 'measuring' } satisfies LoadMessage);
  await run(plan.seconds, result);
}

async function paced(plan: Extract<LoadPlan, { mode: 'paced' }>, result: LoadResult): Promise<void> {
  const client = new JsonClient(plan.url, 512);
  const book = new Book(plan.lots, plan.buyers);
  await warmedUp(plan, result, (seconds, into) => openLoop(client, book, plan.rate, seconds, into));
  client.close();
}

/** A bid every 1/rate s for `seconds`, whatever the replies; waits for the last replies. */
async function openLoop(
  client: JsonClient,
  book: Book,
  rate: number,
  seconds: number,
  result: LoadResult,
): Promise<void> {
  const interval = 1000 / rate;
  const start = clock();
  const end = start + seconds * 1000;
  const inFlight = new Set<Promise<unknown>>();
  let due = start;
  let n = 0;
  while (due < end) {
    const now = clock();
    while (due <= now && due < end) {
      const scheduled = due;
      const bid = bidOnce(client, book, result, scheduled, start, n++).then((sent) => {
        if (!sent) result.skipped++;
        inFlight.delete(bid);
      });
      inFlight.add(bid);
      due += interval;
    }
    await sleep(Math.max(0, Math.min(1, due - clock())));
  }
  await Promise.all(inFlight);
  result.elapsed_ms = clock() - start;
}

process.once('message', async (plan: LoadPlan) => {
  const result = newResult();
  streaming = plan.mode === 'paced' && plan.recordAcks === true;
  const cpu = process.cpuUsage();
  if (plan.mode === 'hot') await hot(plan, result);
  else if (plan.mode === 'closed') await closed(plan, result);
  else await paced(plan, result);
  const used = process.cpuUsage(cpu);
  result.cpu_s = +((used.user + used.system) / 1e6).toFixed(2);
  await sleep(10);
  process.send!({ kind: 'result', result } satisfies LoadMessage);
});
