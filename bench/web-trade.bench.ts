/**
 * web-trade: the browser side of trading under load. Chromium (through Playwright) holds the Торги tab of one
 * procedure of 500 active classic lots open, signed in as a buyer who does not bid, while a load generator (a child
 * process) offers 200 bids/s spread over all 500 lots for 20 s through the real HTTP API. The page gets every lot's
 * live update (it follows the procedure's LotsStream) and paints the 48 lots of its first page.
 *
 * Measured:
 * - long tasks (PerformanceObserver 'longtask', > 50 ms) of the page during the load: count, total, the longest;
 * - ack→paint: for each accepted bid on a lot shown on the page, from the bid's HTTP acknowledgement in the load
 *   generator to the first frame that shows that price (or a higher one) in the lot's price line (a
 *   MutationObserver stamps the change, a requestAnimationFrame plus a message after it stamps the frame); both
 *   processes read the same wall clock (performance.timeOrigin + now);
 * - JS per route: the gzip size of the scripts the browser loads to open each route fresh.
 * Goals: no long task over 100 ms, p99 ack→paint < 300 ms, every route's JS ≤ 250 kB gzip.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type LiveFrame, unpackLiveFrame } from '@etp/contracts';
import { formatRubles } from '@etp/domain';
import { eq } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright';
import { users } from '../apps/server/src/db/schema/index.ts';
import { findChromium } from '../scripts/chromium.mjs';
import { cpuMeter } from './support/cpu.ts';
import { type Ack, runLoad } from './support/load.ts';
import { createBuyers, createClassicMarket, PASSWORD, refreshLots } from './support/market.ts';
import { summariseTrace, TRACE_CATEGORIES } from './support/pageTrace.ts';
import { goal, machine, summarize } from './support/report.ts';
import { postgresUrl, startBenchServer } from './support/server.ts';

const LOTS = 500;
const BIDDERS = 100;
const RATE = 200;
const SECONDS = 20;
const WARMUP_SECONDS = 2;
/** The port the server listens on: BENCH_WEB_PORT, else 4350 (the browser needs a fixed origin to sign in on). */
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4350);
const WEB_DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const TRACE_FILE = join(import.meta.dirname, 'tmp', 'web-trade.trace.json');
const GOAL_LONG_TASK_MS = 100;
const GOAL_P99_MS = 300;
const GOAL_ROUTE_GZIP_KB = 250;

interface PaintRecord {
  /** 'p:{lot id}' the price line, 'b:{lot id}' the bid count. */
  id: string;
  text: string;
  /** Wall-clock ms of the frame that showed it. */
  at: number;
}
interface FrameRecord {
  /** Wall-clock ms when the page's socket got the frame. */
  at: number;
  data: string;
}
interface LongTask {
  start: number;
  duration: number;
}

/**
 * Runs in the page before its scripts: long tasks and the frames that show a new price of a lot. Plain JavaScript
 * in a string: a function would be serialised with the helpers tsx adds to it, which the page does not have.
 */
const INSTRUMENT = `(() => {
  const wall = () => performance.timeOrigin + performance.now();
  const bench = { longTasks: [], paints: [], frames: [] };
  window.__bench = bench;
  // Each WebSocket frame's arrival, kept as the string the app also gets (parsed only after the run): splits
  // ack→paint into the server's part (ack→receive) and the page's (receive→paint). Added before the app sets
  // onmessage, this listener runs first.
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => bench.frames.push({ at: wall(), data: e.data }));
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      bench.longTasks.push({ start: performance.timeOrigin + e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  let pending = new Map();
  let scheduled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const at = wall();
    for (const [id, text] of pending) bench.paints.push({ id, text, at });
    pending = new Map();
    scheduled = false;
  };
  const start = () => {
    new MutationObserver((records) => {
      for (const r of records) {
        const node = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const el = node && node.closest('[data-testid^="lot-price-"], [data-testid^="lot-bids-"]');
        if (!el) continue;
        // 'p:' the price line, 'b:' the bid count.
        const testId = el.getAttribute('data-testid');
        const key = (testId.startsWith('lot-price-') ? 'p:' : 'b:') + testId.replace(/^lot-(price|bids)-/, '');
        pending.set(key, el.textContent || '');
      }
      if (pending.size > 0 && !scheduled) {
        scheduled = true;
        // The message is handled after the frame's rendering steps, once the frame is painted.
        requestAnimationFrame(() => channel.port2.postMessage(0));
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  };
  document.addEventListener('DOMContentLoaded', start);
})();`;

async function signInPage(browser: Browser, base: string, email: string) {
  const reply = await fetch(`${base}/api/v2/auth/authorize_by_email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const jwt = ((await reply.json()) as { data: { jwt: Record<string, string> } }).data.jwt;
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1440, height: 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
  });
  await context.addInitScript((session) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } })
      .localStorage;
    storage.setItem('etp.jwt', JSON.stringify({ ...session, obtained_at: Date.now() }));
    storage.setItem('etp.cookies_accepted', '1');
  }, jwt);
  return context;
}

/** The gzip size of every script a fresh page loads to open `path` (kB), and the scripts' count. */
async function routeScripts(page: Page, path: string, ready: string) {
  const bodies: Promise<{ name: string; body: Buffer } | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.replace(/^.*\//, '');
    bodies.push(
      response.body().then(
        (body) => ({ name, body }),
        () => null,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.locator(ready).first().waitFor();
  const files = (await Promise.all(bodies)).filter((f) => f !== null);
  const sized = files.map((f) => ({ name: f.name, gzip: gzipSync(f.body).length, raw: f.body.length }));
  const gzip = sized.reduce((sum, f) => sum + f.gzip, 0);
  const raw = sized.reduce((sum, f) => sum + f.raw, 0);
  // The largest files, so a report shows where the bytes are.
  const largest = sized
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, Number(process.env.BENCH_WEB_LARGEST ?? 12))
    .map((f) => ({ file: f.name, gzip_kb: +(f.gzip / 1024).toFixed(1) }));
  return {
    scripts: files.length,
    gzip_kb: +(gzip / 1024).toFixed(1),
    raw_kb: +(raw / 1024).toFixed(1),
    largest,
  };
}

const digits = (text: string) => Number(text.replace(/[^\d]/g, '')) || 0;

export async function webTradeBenchmark() {
  readFileSync(join(WEB_DIST, 'index.html')); // the web app must be built (npm run build --workspace apps/web)
  postgresUrl();
  const server = await startBenchServer('postgres', { poolSize: 20, port: PORT, webDistDir: WEB_DIST });
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const buyers = await createBuyers(server.ctx, server.url, BIDDERS + 1, { signInViaApi: 0 });
    const viewer = buyers.pop()!;
    const market = await createClassicMarket(server.ctx, { procedures: 1, lotsPerProcedure: LOTS });
    const briefcaseId = market[0]!.briefcaseId;
    const [viewerUser] = await server.ctx.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, viewer.userId));
    const context = await signInPage(browser, base, viewerUser!.email!);

    // JS per route, each opened fresh (no cache shared between them).
    const routes: Record<string, unknown> = {};
    for (const [name, path, ready] of [
      ['/briefcases', '/briefcases', 'h1'],
      ['/briefcases/{id}', `/briefcases/${briefcaseId}`, '[data-testid="briefcase-title"]'],
      ['/briefcases/{id}/trade', `/briefcases/${briefcaseId}/trade`, '[data-testid^="lot-price-"]'],
    ] as const) {
      const probe = await signInPage(browser, base, viewerUser!.email!);
      const page = await probe.newPage();
      routes[name] = await routeScripts(page, path, ready);
      await probe.close();
    }
    if (process.env.BENCH_WEB_ROUTES_ONLY) {
      // Only the JS per route (BENCH_WEB_ROUTES_ONLY=1): for work on the bundle, without the 20 s of load; printed, not
      // written over bench/results/web-trade.json.
      return { partial: true, js_per_route: routes };
    }

    await context.addInitScript({ content: INSTRUMENT });
    const page = await context.newPage();
    await page.goto(`/briefcases/${briefcaseId}/trade`, { waitUntil: 'networkidle' });
    await page.locator('[data-testid^="lot-price-"]').first().waitFor();
    // The price each lot shows when the page opens: a lot's first bid is at its start price, which the card
    // already shows, so that bid is seen painted by its bid count turning from 0 (decisions/0190).
    const opening = new Map(
      await page
        .locator('[data-testid^="lot-price-"]')
        .evaluateAll((els) =>
          els.map((e) => [Number(e.getAttribute('data-testid')!.slice(10)), e.textContent ?? ''] as const),
        ),
    );
    const shown = new Set(opening.keys());
    await page.waitForTimeout(1000);

    // BENCH_WEB_TRACE=1: a Chrome performance trace of the page during the load (bench/tmp/web-trade.trace.json;
    // open it in DevTools → Performance), summarised in the result (page_trace) by what the main thread did.
    const tracing = process.env.BENCH_WEB_TRACE === '1';
    if (tracing) mkdirSync(dirname(TRACE_FILE), { recursive: true });
    if (tracing) await browser.startTracing(page, { path: TRACE_FILE, categories: TRACE_CATEGORIES });

    const acks: Ack[] = [];
    let meter = cpuMeter();
    let measuringFrom = 0;
    const load = await runLoad(
      {
        mode: 'paced',
        url: server.url,
        seconds: SECONDS,
        rate: RATE,
        warmupSeconds: WARMUP_SECONDS,
        lots: (await refreshLots(server.ctx, market)).map((l) => ({ ...l })),
        buyers: buyers.map((b) => ({ companyId: b.companyId, tokens: b.tokens })),
        recordAcks: true,
      },
      {
        onAcks: (batch) => {
          if (measuringFrom > 0) acks.push(...batch);
        },
        onMeasuring: () => {
          measuringFrom = performance.timeOrigin + performance.now();
          meter = cpuMeter();
        },
      },
    );
    const cpu = meter();
    const until = performance.timeOrigin + performance.now();
    await page.waitForTimeout(1500); // the last updates' frames
    if (tracing) await browser.stopTracing();
    const pageTrace = tracing ? summariseTrace(TRACE_FILE) : null;
    const { longTasks, paints, frames } = await page.evaluate(
      () =>
        (
          globalThis as unknown as {
            __bench: { longTasks: LongTask[]; paints: PaintRecord[]; frames: FrameRecord[] };
          }
        ).__bench,
    );

    // ack→paint per accepted bid on a lot of the page: the first frame showing that price or a higher one.
    const paintsByLot = new Map<number, { at: number; value: number }[]>();
    const countsByLot = new Map<number, { at: number; value: number }[]>();
    for (const p of paints) {
      const [kind, id] = [p.id.slice(0, 2), Number(p.id.slice(2))];
      const into = kind === 'p:' ? paintsByLot : countsByLot;
      const list = into.get(id) ?? [];
      list.push({ at: p.at, value: digits(p.text) });
      into.set(id, list);
    }
    // The same split at the page's socket: when an update with that price (or a higher one) arrived.
    const receivedByLot = new Map<number, { at: number; price: number }[]>();
    for (const f of frames) {
      let parsed: LiveFrame;
      try {
        parsed = JSON.parse(f.data) as LiveFrame;
      } catch {
        continue;
      }
      if (!('action' in parsed)) continue;
      for (const m of unpackLiveFrame(parsed)) {
        const p = m.payload as { id?: number; current_price?: number | null } | null;
        if (m.action !== 'lot_update' || typeof p?.id !== 'number' || !shown.has(p.id)) continue;
        const list = receivedByLot.get(p.id) ?? [];
        list.push({ at: f.at, price: p.current_price ?? 0 });
        receivedByLot.set(p.id, list);
      }
    }
    const latencies: number[] = [];
    const ackToReceive: number[] = [];
    const receiveToPaint: number[] = [];
    let unpainted = 0;
    let onPage = 0;
    let firstBids = 0;
    for (const ack of acks) {
      if (!shown.has(ack.lotId)) continue;
      onPage++;
      const want = digits(formatRubles(ack.amount));
      const atOpening = want <= digits(opening.get(ack.lotId) ?? '');
      const frame = atOpening
        ? countsByLot.get(ack.lotId)?.find((c) => c.value >= 1)
        : paintsByLot.get(ack.lotId)?.find((p) => p.value >= want);
      if (atOpening) firstBids++;
      const received = receivedByLot.get(ack.lotId)?.find((r) => r.price >= ack.amount);
      if (received) ackToReceive.push(Math.max(0, received.at - ack.at));
      if (!frame) {
        unpainted++;
        continue;
      }
      latencies.push(Math.max(0, frame.at - ack.at));
      if (received) receiveToPaint.push(Math.max(0, frame.at - received.at));
    }
    const during = longTasks.filter((t) => t.start >= measuringFrom && t.start <= until);
    const longest = during.reduce((m, t) => Math.max(m, t.duration), 0);
    const ackToPaint = summarize(latencies);
    const routeGoals = Object.entries(routes).map(([name, r]) =>
      goal(
        `JS of ${name} < ${GOAL_ROUTE_GZIP_KB} kB gzip`,
        (r as { gzip_kb: number }).gzip_kb,
        GOAL_ROUTE_GZIP_KB,
        'below',
      ),
    );
    const goals = [
      goal(
        `longest task during the load < ${GOAL_LONG_TASK_MS} ms`,
        +longest.toFixed(1),
        GOAL_LONG_TASK_MS,
        'below',
      ),
      goal(`p99 ack→paint < ${GOAL_P99_MS} ms`, ackToPaint.p99_ms, GOAL_P99_MS, 'below'),
      ...routeGoals,
    ];
    return {
      machine: machine(),
      parameters: {
        lots: LOTS,
        lots_on_the_page: shown.size,
        bidders: BIDDERS,
        offered_rate_per_s: RATE,
        seconds: SECONDS,
        warmup_seconds: WARMUP_SECONDS,
        database: 'postgres',
        browser: 'Chromium (Playwright), 1440×900, headless',
      },
      load: {
        accepted_bids: load.accepted,
        accepted_bids_per_s: +((load.accepted * 1000) / load.elapsed_ms).toFixed(1),
        refused_409: load.stale,
        other_replies: load.other,
        ack_latency_accepted: summarize(load.latencies),
      },
      long_tasks: {
        count_over_50_ms: during.length,
        total_ms: +during.reduce((s, t) => s + t.duration, 0).toFixed(1),
        longest_ms: +longest.toFixed(1),
        durations_ms: during
          .map((t) => +t.duration.toFixed(1))
          .sort((a, b) => b - a)
          .slice(0, 20),
      },
      ack_to_paint: {
        bids_on_page_lots: onPage,
        never_painted: unpainted,
        // Bids at the price the card already showed (a lot's first bid, at its start price): timed to the frame
        // that shows the bid count leave 0, since the price line does not change.
        at_opening_price: firstBids,
        ...ackToPaint,
      },
      // ack→paint split at the page's socket: the server's delivery, then the page's own work.
      ack_to_receive: summarize(ackToReceive),
      receive_to_paint: summarize(receiveToPaint),
      ...(pageTrace ? { page_trace: pageTrace } : {}),
      js_per_route: routes,
      cpu_seconds: { ...cpu, load_generator: load.cpu_s },
      goals,
      pass: goals.every((g) => g.pass),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
