/**
 * Summary of a Chrome performance trace of one page (web-trade with BENCH_WEB_TRACE=1): what the renderer's main
 * thread spent its time on. Tasks (RunTask) by length; self time by trace event (script, style, layout, paint,
 * GC, ...); the JavaScript functions with the most self time (from the V8 sampling profiler's chunks in the
 * trace); and the breakdown of the longest tasks. Build the web app unminified (`npx vite build --minify false`
 * in apps/web) to read function names.
 */
import { readFileSync } from 'node:fs';

export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-v8.gc',
];

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface Slice {
  name: string;
  args?: Record<string, unknown>;
  start: number;
  end: number;
  children: Slice[];
}

const ms = (us: number) => +(us / 1000).toFixed(1);

/** Self time (µs) of each slice name under `slice`. */
function selfTimes(slice: Slice, into: Map<string, number>): void {
  const childTime = slice.children.reduce((s, c) => s + (c.end - c.start), 0);
  into.set(slice.name, (into.get(slice.name) ?? 0) + Math.max(0, slice.end - slice.start - childTime));
  for (const c of slice.children) selfTimes(c, into);
}

const top = (map: Map<string, number>, n: number) =>
  Object.fromEntries(
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, ms(v)]),
  );

/** The first script a task ran: an event's type, a timer, or a function (name url:line). */
function entryOf(slice: Slice): string | null {
  const data = (slice.args?.data ?? {}) as Record<string, unknown>;
  if (slice.name === 'EventDispatch') return `event ${data.type}`;
  if (slice.name === 'TimerFire') return `timer ${firstFunction(slice) ?? ''}`;
  if (slice.name === 'FireAnimationFrame') return 'animation frame';
  if (slice.name === 'FunctionCall')
    return `${data.functionName || '(anonymous)'} ${String(data.url ?? '')
      .split('/')
      .pop()}:${data.lineNumber}`;
  for (const c of slice.children) {
    const found = entryOf(c);
    if (found) return found;
  }
  if (slice.name === 'Paint' || slice.name === 'Layout' || slice.name === 'UpdateLayoutTree')
    return 'rendering';
  return null;
}

function firstFunction(slice: Slice): string | null {
  for (const c of slice.children) {
    if (c.name === 'FunctionCall') {
      const data = (c.args?.data ?? {}) as Record<string, unknown>;
      return `${data.functionName || '(anonymous)'} ${String(data.url ?? '')
        .split('/')
        .pop()}:${data.lineNumber}`;
    }
    const inner = firstFunction(c);
    if (inner) return inner;
  }
  return null;
}

export function summariseTrace(file: string) {
  const events = (JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's main thread: the renderer main thread with the most events.
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const counts = new Map<string, number>();
  for (const e of events) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = mains.sort(
    (a, b) => (counts.get(`${b.pid}:${b.tid}`) ?? 0) - (counts.get(`${a.pid}:${a.tid}`) ?? 0),
  )[0];
  if (!main) return null;
  const own = events.filter((e) => e.pid === main.pid && e.tid === main.tid);

  // Complete slices ('X', and 'B'/'E' pairs), nested by time.
  const flat: Slice[] = [];
  const open: TraceEvent[] = [];
  for (const e of own.sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' && e.dur !== undefined)
      flat.push({ name: e.name, args: e.args, start: e.ts, end: e.ts + e.dur, children: [] });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      const b = open.pop();
      if (b) flat.push({ name: b.name, start: b.ts, end: e.ts, children: [] });
    }
  }
  flat.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const s of flat) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= s.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && s.end <= parent.end) parent.children.push(s);
    else roots.push(s);
    stack.push(s);
  }
  const tasks = roots.filter((s) => s.name === 'RunTask' || s.name === 'ThreadControllerImpl::RunTask');
  const busy = tasks.reduce((sum, t) => sum + (t.end - t.start), 0);
  const byName = new Map<string, number>();
  for (const r of roots) selfTimes(r, byName);
  // What started each task (the first script entry in it): its time, summed.
  const byEntry = new Map<string, number>();
  const entryCount = new Map<string, number>();
  for (const t of tasks) {
    const key = entryOf(t) ?? '(no script)';
    byEntry.set(key, (byEntry.get(key) ?? 0) + (t.end - t.start));
    entryCount.set(key, (entryCount.get(key) ?? 0) + 1);
  }
  const longest = [...tasks].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 5);

  // JavaScript self time by function, from the sampling profiler's chunks.
  const nodes = new Map<string, { name: string; url: string; line: number }>();
  const fnSelf = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.pid !== main.pid) continue;
    const data = (e.args?.data ?? {}) as {
      cpuProfile?: {
        nodes?: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? [])
      nodes.set(`${e.id}:${n.id}`, {
        name: n.callFrame.functionName || '(anonymous)',
        url: (n.callFrame.url ?? '').split('/').pop() ?? '',
        line: n.callFrame.lineNumber,
      });
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      const node = nodes.get(`${e.id}:${samples[i]}`);
      if (!node) continue;
      const key = node.url ? `${node.name} ${node.url}:${node.line + 1}` : node.name;
      fnSelf.set(key, (fnSelf.get(key) ?? 0) + Math.max(0, deltas[i + 1] ?? deltas[i] ?? 0));
    }
  }

  return {
    window_ms: ms((tasks.at(-1)?.end ?? 0) - (tasks[0]?.start ?? 0)),
    tasks: {
      count: tasks.length,
      busy_ms: ms(busy),
      over_50_ms: tasks.filter((t) => t.end - t.start > 50_000).length,
      longest_ms: longest.map((t) => ms(t.end - t.start)),
    },
    self_ms_by_event: top(byName, 25),
    task_ms_by_entry: Object.fromEntries(
      Object.entries(top(byEntry, 15)).map(([k, v]) => [k, { ms: v, tasks: entryCount.get(k) }]),
    ),
    self_ms_by_function: top(fnSelf, 40),
    longest_tasks: longest.map((t) => {
      const inner = new Map<string, number>();
      selfTimes(t, inner);
      return { ms: ms(t.end - t.start), self_ms_by_event: top(inner, 8) };
    }),
  };
}
