/**
 * File work at idle priority (docs/decisions/0232). Linux's SCHED_IDLE policy gives a thread the smallest weight
 * the scheduler has, and, unlike nice 19, a thread of any other policy that wakes up preempts it at once: a bid's
 * wakeups (the trading thread, its PostgreSQL backend, the bidders' sockets) never wait for a file worker's slice,
 * and the file work uses what the cores leave over. There is no system call for it in Node, so util-linux's
 * `chrt` sets it; where `chrt` is missing or not permitted, nothing changes (nice 19 and the pauses of decision
 * 0231 still hold).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';

/** Turned off by FILE_IDLE_PRIORITY=0. */
export const idlePriorityEnabled = () =>
  process.platform === 'linux' && process.env.FILE_IDLE_PRIORITY !== '0';

/** util-linux's chrt, where this system has it. */
export const CHRT_PATH = ['/usr/bin/chrt', '/bin/chrt'].find((path) => existsSync(path)) ?? null;
const IDLE_PID = ['--idle', '--pid', '0'];

/** The kernel's id of the calling thread (a worker thread's own, not the process's). */
function threadId(): string | null {
  try {
    return readlinkSync('/proc/thread-self').split('/').pop() ?? null;
  } catch {
    return null;
  }
}

/**
 * Puts the calling thread at idle priority. Synchronous: meant for a file worker as it starts, never for the
 * trading thread. Returns whether it took effect.
 */
export function idleThisThread(): boolean {
  if (!idlePriorityEnabled() || !CHRT_PATH) return false;
  const tid = threadId();
  if (!tid) return false;
  try {
    execFileSync(CHRT_PATH, [...IDLE_PID, tid], { stdio: 'ignore', timeout: 2000 });
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts a PostgreSQL backend of this host at idle priority, for a connection that only does file work (a registry's
 * COPY) and is closed afterwards, so the backend ends with it. `pid` comes from `pg_backend_pid()`: it is only
 * touched when this host's process of that id is a PostgreSQL backend (a database on another host has its own
 * process ids). Returns whether it took effect; never throws.
 */
export async function idleDatabaseBackend(pid: number): Promise<boolean> {
  if (!idlePriorityEnabled() || !CHRT_PATH || !Number.isInteger(pid) || pid <= 1) return false;
  try {
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    if (!/^postgres/.test(comm)) return false;
  } catch {
    return false;
  }
  return new Promise((resolve) => {
    execFile(CHRT_PATH, [...IDLE_PID, String(pid)], { timeout: 2000 }, (error) => resolve(!error));
  });
}
