/**
 * Whether an error means the database is away (refused, restarting, shutting down, out of connection slots, timed
 * out, the connection cut) rather than a bug or a rule: such a call is answered 503 with Retry-After, and the
 * episode is logged once, not once per request (docs/operations.md).
 */

/** SQLSTATE classes and codes that say "the database cannot serve this now". */
const UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown (pg_ctl stop/restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovery)
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
  '57014', // query_canceled (statement_timeout)
  '55P03', // lock_not_available (lock_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure (retry)
  '40P01', // deadlock_detected (retry)
]);

const UNAVAILABLE_SYSCALL = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

const UNAVAILABLE_TEXT =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|not queryable|Client was closed|Cannot use a pool after calling end|the database system is (starting up|shutting down|in recovery)|terminating connection/i;

/** The error and the errors it wraps (drizzle wraps the driver's error as `cause`). */
function* chain(error: unknown): Generator<unknown> {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    yield e;
    e = typeof e === 'object' && 'cause' in e ? (e as { cause: unknown }).cause : null;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e !== 'object' || e === null) continue;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SYSCALL.has(code)) return true;
      // Class 08: connection exception.
      if (/^08...$/.test(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_TEXT.test(message)) return true;
  }
  return false;
}

/** The SQLSTATE or system code of the error, for the log (never its text, which may quote values). */
function errorCode(error: unknown): string | null {
  for (const e of chain(error)) {
    const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
    if (typeof code === 'string') return code;
  }
  return null;
}

/**
 * One log line when an episode of trouble starts and one when it ends, however many calls meet it meanwhile. An
 * episode ends at `recovered`, or when `quietMs` pass without a new failure (a timer that does not keep the process
 * up), so the answering path pays nothing when all is well.
 */
export class Episode {
  private since: number | null = null;
  private last = 0;
  private count = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: {
      warn: (details: object, message: string) => void;
      info: (details: object, message: string) => void;
    },
    private readonly what: string,
    private readonly quietMs = 10_000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** A call met the trouble: logged only when it starts an episode. */
  failed(error: unknown): void {
    const now = this.clock();
    if (this.since !== null && now - this.last > this.quietMs) this.close(this.last);
    this.last = now;
    this.count++;
    if (this.since === null) {
      this.since = now;
      this.log.warn({ code: errorCode(error) }, `${this.what}: unavailable`);
      this.watch();
    }
  }

  /** A call went through: closes an open episode. */
  recovered(): void {
    if (this.since !== null) this.close(this.clock());
  }

  get open(): boolean {
    return this.since !== null;
  }

  /** Closes the episode once quietMs pass after its last failure. */
  private watch(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.since === null) return;
      if (this.clock() - this.last >= this.quietMs) this.close(this.last);
      else this.watch();
    }, this.quietMs);
    this.timer.unref?.();
  }

  private close(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.log.info({ ms: at - (this.since ?? at), failures: this.count }, `${this.what}: available again`);
    this.since = null;
    this.count = 0;
  }
}
