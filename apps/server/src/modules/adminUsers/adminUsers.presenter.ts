/** Turns the rows of the administrator's user page into the reply of GET /api/v1/admin/users/{id}. */
import type { AdminUser } from '@etp/contracts';
import type {
  findUserActions,
  findUserById,
  findUserCompanies,
  findUserSessions,
  findUserVisits,
} from './adminUsers.queries.ts';

type Rows<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

const iso = (at: Date | null | undefined): string => (at ?? new Date(0)).toISOString();

/** A number from the entry's payload (the bid's amount, the autobid's maximum, the lot), when it holds one. */
function numberOf(payload: Record<string, unknown>, ...keys: string[]): number | null {
  for (const key of keys) {
    const value = payload[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

export function presentAdminUser(input: {
  user: NonNullable<Rows<typeof findUserById>>;
  companies: Rows<typeof findUserCompanies>;
  sessions: Rows<typeof findUserSessions>;
  visits: Rows<typeof findUserVisits>;
  actions: Rows<typeof findUserActions>;
  now: Date;
}): AdminUser {
  const { user } = input;
  const name = [user.lastName, user.firstName].filter(Boolean).join(' ');
  return {
    user: {
      id: user.id,
      full_name: name || user.email || `Пользователь ${user.id}`,
      email: user.email,
      confirmed_email: user.confirmedEmail,
      phone: user.phone,
      confirmed_phone: user.confirmedPhone,
      role: user.role,
      created_at: user.createdAt.toISOString(),
      deleted: user.deletedAt !== null,
    },
    companies: input.companies.map(({ company, owner }) => ({
      id: company.id,
      name: company.name,
      full_name: company.fullName,
      inn: company.inn,
      kind: company.kind,
      accreditation_status: company.accreditationStatus,
      good_standing: company.goodStanding,
      owner,
      current: company.id === user.currentCompanyId,
    })),
    sessions: input.sessions.map((s) => ({
      id: s.familyId,
      started_at: iso(s.startedAt),
      last_active_at: iso(s.lastActiveAt),
      expires_at: iso(s.expiresAt),
      active: !s.revoked && (s.expiresAt?.getTime() ?? 0) > input.now.getTime(),
    })),
    visits: input.visits.map((v) => ({
      briefcase_id: v.briefcaseId,
      started_at: v.startedAt.toISOString(),
      last_seen_at: v.lastSeenAt.toISOString(),
    })),
    actions: input.actions.map((a) => ({
      id: a.id,
      action: a.action,
      briefcase_id: a.briefcaseId,
      lot_id: numberOf(a.payload, 'lotId'),
      amount: numberOf(a.payload, 'amount', 'maxPrice'),
      created_at: a.createdAt.toISOString(),
    })),
  };
}
