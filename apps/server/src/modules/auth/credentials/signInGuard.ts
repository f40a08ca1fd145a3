/**
 * What stands before a password check, whatever address the attempt comes from (docs/security.md):
 * - per account (an e-mail or a phone, registered or not): after FREE_FAILURES wrong passwords each further one
 *   locks the account's sign-in for a growing delay (30 s, 1 min, 2 min… up to 15 min), and the answer says in
 *   Russian when to try again; a right password clears the count. Guessing from many addresses gains nothing.
 * - on a server other machines can reach, the demo password of the README opens no account.
 * The counts live in the shared counters (Redis with REDIS_URL), so they hold across nodes.
 */
import { HOUR_MS, MINUTE_MS } from '@etp/domain';
import type { Counters } from '../../../http/counters.ts';
import { AppError } from '../../../http/errors.ts';
import { DEMO_PASSWORD } from '../../../seed/accounts.data.ts';
import { AUTH_MESSAGES } from '../auth.messages.ts';
import { verifyPassword } from './passwords.ts';

const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * MINUTE_MS;
/** How long a run of failures is remembered after the last one. */
const FAILURES_KEPT_MS = 24 * HOUR_MS;

const delayAfter = (failures: number): number =>
  failures < FREE_FAILURES ? 0 : Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);

/** The account an attempt names: its e-mail (lower-cased) or its phone. */
export type AccountKey = `email:${string}` | `phone:${string}`;

export class SignInGuard {
  constructor(
    private readonly counters: Counters,
    /** The server listens on an address other machines reach (config.exposed). */
    private readonly exposed: boolean,
  ) {}

  /**
   * Checks `password` against the account's hash (null: no such account, which counts as a failure too), after
   * the lock and the demo password. Answers whether it was right; a locked account throws 429.
   */
  async check(account: AccountKey, passwordHash: string | null, password: string): Promise<boolean> {
    await this.assertOpen(account);
    if (this.exposed && password === DEMO_PASSWORD) {
      throw new AppError(403, 'forbidden', AUTH_MESSAGES.demoPasswordOff, {
        password: [AUTH_MESSAGES.demoPasswordOff],
      });
    }
    const right = passwordHash !== null && (await verifyPassword(passwordHash, password));
    if (right) await this.succeeded(account);
    else await this.failed(account);
    return right;
  }

  /** Throws 429 with when to try again while the account's sign-in is locked. */
  async assertOpen(account: AccountKey): Promise<void> {
    const lock = await this.counters.read(`signin:lock:${account}`);
    if (lock.count > 0 && lock.resetInMs > 0) {
      const message = AUTH_MESSAGES.signInLocked(lock.resetInMs);
      throw new AppError(429, 'rate_limited', message, { password: [message] });
    }
  }

  async failed(account: AccountKey): Promise<void> {
    const failures = await this.counters.hit(`signin:fail:${account}`, FAILURES_KEPT_MS, true);
    const delay = delayAfter(failures.count);
    if (delay > 0) await this.counters.hit(`signin:lock:${account}`, delay, true);
  }

  async succeeded(account: AccountKey): Promise<void> {
    await this.counters.reset(`signin:fail:${account}`);
  }
}
