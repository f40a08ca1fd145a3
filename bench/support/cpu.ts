/**
 * Where the machine's CPU went during a measurement (Linux /proc): this process (the server) and the PostgreSQL
 * server's processes. Child processes (load generators, WebSocket clients) report their own.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Sample {
  server: number;
  /** The server's main thread alone (the one that answers bids); the rest of `server` is V8's and libuv's helpers. */
  trading_thread: number;
  postgres: number;
  /** The machine's CPU time (every core, /proc/stat): all of it, and what the host took from it (steal). */
  machine: number;
  steal: number;
}

/** User + system seconds of a /proc stat line, and of its reaped children. */
function times(stat: string): { own: number; reaped: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    own: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    reaped: (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND,
  };
}

function sample(): Sample {
  const totals: Sample = { server: 0, trading_thread: 0, postgres: 0, machine: 0, steal: 0 };
  try {
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (in ticks)
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    totals.machine = fields.reduce((sum, value) => sum + value, 0) / TICKS_PER_SECOND;
    totals.steal = fields[7]! / TICKS_PER_SECOND;
  } catch {
    // Not Linux: no machine figures.
  }
  try {
    totals.trading_thread = times(readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, 'utf8')).own;
  } catch {
    // Not Linux: no breakdown.
  }
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // A PostgreSQL backend that exits hands its time to the postmaster's reaped-children counters.
    const { own, reaped } = times(stat);
    if (Number(pid) === process.pid) totals.server += own;
    else if (name === 'postgres') totals.postgres += own + reaped;
  }
  return totals;
}

export interface CpuUse {
  server: number;
  trading_thread: number;
  postgres: number;
  /**
   * The share of the machine's CPU time the host took for others while this ran (steal, 0..1): on a virtual
   * machine whose host is busy, latencies measured then say more about the host than about the server.
   */
  host_steal_share: number;
}

/** User + system CPU seconds of a process so far (0 once it is gone, or not on Linux). */
export function processCpuSeconds(pid: number): number {
  try {
    return times(readFileSync(`/proc/${pid}/stat`, 'utf8')).own;
  } catch {
    return 0;
  }
}

/** Starts counting; the returned function gives CPU seconds per group since then. */
export function cpuMeter(): () => CpuUse {
  const before = sample();
  return () => {
    const after = sample();
    const d = (k: keyof Sample) => +(after[k] - before[k]).toFixed(2);
    const machine = after.machine - before.machine;
    return {
      server: d('server'),
      trading_thread: d('trading_thread'),
      postgres: d('postgres'),
      host_steal_share: machine > 0 ? +((after.steal - before.steal) / machine).toFixed(3) : 0,
    };
  };
}
