/**
 * With BENCH_PROFILE=1, a CPU profile of the server process while a measurement runs: the raw profile goes to
 * bench/tmp/<name>.cpuprofile (open it in Chrome DevTools), and a summary goes into the result: self time by
 * function (native frames such as system calls and GC included) and inclusive time by package or source file.
 * Profiling slows the server, so the figures of a profiled run are not comparable with an ordinary run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** bench/tmp, also from a compiled child (ingestCompiled.ts), which says where through BENCH_TMP. */
const TMP = process.env.BENCH_TMP ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'tmp');

const profiling = process.env.BENCH_PROFILE === '1';

/** Runs `fn`, profiled when BENCH_PROFILE=1; returns its result and the profile's summary (or null). */
export async function profiled<T>(
  name: string,
  fn: () => Promise<T>,
): Promise<[T, ReturnType<typeof summary> | null]> {
  if (!profiling) return [await fn(), null];
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    const result = await fn();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    mkdirSync(TMP, { recursive: true });
    writeFileSync(join(TMP, `${name}.cpuprofile`), JSON.stringify(profile));
    return [result, summary(profile)];
  } finally {
    session.disconnect();
  }
}

/** Where a source belongs: its npm package, node's internals, or its file in the repository. */
function owner(url: string): string {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/');
}

function summary(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let total = 0;
  for (const [id, us] of self) {
    total += us;
    const frame = byId.get(id)!.callFrame;
    const name = frame.functionName || '(anonymous)';
    const fn = frame.url ? `${name} ${owner(frame.url)}:${frame.lineNumber + 1}` : name;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      // Native frames (system calls, GC) have no source; their self time is listed by function.
      if (!frame.url) continue;
      const who = owner(frame.url);
      if (seen.has(who)) continue;
      seen.add(who);
      byOwner.set(who, (byOwner.get(who) ?? 0) + us);
    }
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ [k]: `${((100 * us) / total).toFixed(1)}%` }));
  return {
    sampled_ms: Math.round(total / 1000),
    self_time_by_function: top(byFunction, 20),
    inclusive_time_by_package_or_file: top(byOwner, 20),
  };
}
