/**
 * Where the machine's CPU went during a measurement (Linux /proc): this process (the server) and the PostgreSQL
 * server's processes. Child processes (load generators, WebSocket clients) report their own.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

interface Sample {
  server: number;
  postgres: number;
}

function sample(): Sample {
  const totals: Sample = { server: 0, postgres: 0 };
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
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    // A PostgreSQL backend that exits hands its time to the postmaster's reaped-children counters.
    const reaped = (Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
    if (Number(pid) === process.pid) totals.server += own;
    else if (name === 'postgres') totals.postgres += own + reaped;
  }
  return totals;
}

/** Starts counting; the returned function gives CPU seconds per group since then. */
export function cpuMeter(): () => Sample {
  const before = sample();
  return () => {
    const after = sample();
    const d = (k: keyof Sample) => +(after[k] - before[k]).toFixed(2);
    return { server: d('server'), postgres: d('postgres') };
  };
}
