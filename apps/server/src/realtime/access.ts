/**
 * Access that ends (decision 0067): a write that takes rights away (sign-out, a revoked session, a password reset,
 * removal from a company, loss of accreditation, a change of role) announces it on the live bus, so every node
 * forgets what it remembered about those users and re-authorises their open sockets at once.
 *
 * The notice travels as a live message addressed to nobody (no socket subscribes to its channel key), so it
 * needs nothing of the bus but what lot updates already use, and keeps their order on Redis.
 */
import type { Bus, BusEvent } from './bus.ts';

/**
 * Whose rights changed: sessions (refresh families), users, every member of companies, or everyone following
 * procedures whose own rules changed (invited or excluded companies, allowed kinds: an administrator's edit).
 */
export interface AccessChange {
  sessions?: string[];
  users?: number[];
  companies?: number[];
  briefcases?: number[];
}

const KEY = 'access_changed';

function listOf<T>(value: unknown, item: (v: unknown) => v is T): T[] | undefined {
  return Array.isArray(value) && value.every(item) ? value : undefined;
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';

export function accessChangeEvent(change: AccessChange, t: number): BusEvent {
  return {
    message: {
      channel: 'UsersStream',
      briefcase_id: null,
      action: 'users',
      payload: { access_changed: change },
      t,
    },
    audience: { kind: 'users', ids: [] },
  };
}

/** The change an event announces, or null for any other event. */
export function readAccessChange(event: BusEvent): AccessChange | null {
  if (event.message.briefcase_id !== null) return null;
  // From another node over Redis: read it field by field.
  const payload = event.message.payload as { [KEY]?: Record<string, unknown> } | null;
  const raw = payload?.[KEY];
  if (!raw || typeof raw !== 'object') return null;
  return {
    sessions: listOf(raw.sessions, isString),
    users: listOf(raw.users, isNumber),
    companies: listOf(raw.companies, isNumber),
    briefcases: listOf(raw.briefcases, isNumber),
  };
}

/**
 * Whether a change concerns this user's session, the user, a company the user belongs to, or a procedure the
 * socket follows (`briefcaseIds`, known to the live hub only).
 */
export function concerns(
  change: AccessChange,
  who: { sessionId: string; userId: number; companyIds: readonly number[]; briefcaseIds?: readonly number[] },
): boolean {
  if (change.sessions?.includes(who.sessionId)) return true;
  if (change.users?.includes(who.userId)) return true;
  if (change.briefcases?.some((id) => who.briefcaseIds?.includes(id))) return true;
  return Boolean(change.companies?.some((id) => who.companyIds.includes(id)));
}

export interface AccessAnnouncer {
  /** Tells every node (this one first, synchronously on one node) that these rights changed. Call after commit. */
  changed(change: AccessChange): Promise<void>;
}

export function createAccessAnnouncer(bus: Bus, now: () => Date): AccessAnnouncer {
  return {
    changed: async (change) => {
      const empty =
        !change.sessions?.length &&
        !change.users?.length &&
        !change.companies?.length &&
        !change.briefcases?.length;
      if (!empty) await bus.publish(accessChangeEvent(change, now().getTime()));
    },
  };
}
