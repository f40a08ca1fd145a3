/** What every benchmark result carries: the machine, latency summaries, histograms and the verdict on a goal. */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

/** Milliseconds on a clock shared by every process of the run (wall clock, sub-millisecond resolution). */
export const clock = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function machine() {
  return {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

const round = (v: number, digits = 2) => +v.toFixed(digits);

export interface LatencySummary {
  count: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  mean_ms: number;
}

export function summarize(samples: number[]): LatencySummary {
  if (samples.length === 0) return { count: 0, p50_ms: 0, p90_ms: 0, p99_ms: 0, max_ms: 0, mean_ms: 0 };
  const sorted = Float64Array.from(samples).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    p50_ms: round(at(0.5)),
    p90_ms: round(at(0.9)),
    p99_ms: round(at(0.99)),
    max_ms: round(sorted[sorted.length - 1]!),
    mean_ms: round(sum / sorted.length),
  };
}

/** A latency histogram in 0.1 ms buckets up to 60 s: millions of samples, mergeable across processes. */
export class Histogram {
  static readonly BUCKET_MS = 0.1;
  readonly counts: number[];
  total = 0;
  max = 0;
  sum = 0;

  constructor(counts?: number[]) {
    this.counts = counts ?? new Array(600_000).fill(0);
    for (const c of this.counts) this.total += c;
  }

  record(ms: number): void {
    const v = ms < 0 ? 0 : ms;
    const i = Math.min(this.counts.length - 1, Math.floor(v / Histogram.BUCKET_MS));
    this.counts[i]! += 1;
    this.total += 1;
    this.sum += v;
    if (v > this.max) this.max = v;
  }

  merge(other: { counts: number[]; sum: number; max: number }): void {
    for (let i = 0; i < other.counts.length; i++) {
      const c = other.counts[i]!;
      if (c === 0) continue;
      this.counts[i]! += c;
      this.total += c;
    }
    this.sum += other.sum;
    this.max = Math.max(this.max, other.max);
  }

  /** Sparse form for sending between processes. */
  toJSON() {
    const sparse: [number, number][] = [];
    this.counts.forEach((c, i) => {
      if (c) sparse.push([i, c]);
    });
    return { sparse, sum: this.sum, max: this.max };
  }

  static fromJSON(data: { sparse: [number, number][]; sum: number; max: number }): Histogram {
    const h = new Histogram();
    for (const [i, c] of data.sparse) {
      h.counts[i] = c;
      h.total += c;
    }
    h.sum = data.sum;
    h.max = data.max;
    return h;
  }

  quantile(q: number): number {
    const target = Math.ceil(q * this.total);
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!;
      if (seen >= target && seen > 0) return (i + 1) * Histogram.BUCKET_MS;
    }
    return this.max;
  }

  summary(): LatencySummary {
    return {
      count: this.total,
      p50_ms: round(this.quantile(0.5), 1),
      p90_ms: round(this.quantile(0.9), 1),
      p99_ms: round(this.quantile(0.99), 1),
      max_ms: round(this.max, 1),
      mean_ms: this.total ? round(this.sum / this.total) : 0,
    };
  }
}

export interface Goal {
  description: string;
  value: number | null;
  threshold: number;
  pass: boolean;
}

/** `value` against a threshold; `at_least` for throughputs and ratios, `below` for latencies. */
export function goal(
  description: string,
  value: number,
  threshold: number,
  kind: 'at_least' | 'below',
): Goal {
  return {
    description,
    value: Number.isFinite(value) ? value : null,
    threshold,
    pass: kind === 'at_least' ? value >= threshold : value < threshold,
  };
}

export const perSecond = (count: number, ms: number) => round((count * 1000) / ms, 1);
export const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 3) : 0);
