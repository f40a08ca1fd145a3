/** Turns a user context into the spec's user JSON (spec 3 §3 User). */
import type { User } from '@etp/contracts';
import type { UserContext } from './user.queries.ts';

export function presentUser(ctx: UserContext): User {
  const { user, company } = ctx;
  return {
    id: user.id,
    avatar_url: user.avatarKey ? `/api/v1/files/avatars/${user.id}` : null,
    first_name: user.firstName,
    last_name: user.lastName,
    phone: user.phone,
    confirmed_phone: user.confirmedPhone,
    email: user.email,
    unconfirmed_email: user.unconfirmedEmail,
    confirmed_email: user.confirmedEmail,
    auth_strategy: user.authStrategy,
    company_id: company?.id ?? null,
    company_good_standing: company?.goodStanding ?? false,
    company_seller: company?.seller ?? false,
    company_name: company?.name ?? null,
    company_kind: company?.kind ?? null,
    created_at: user.createdAt.toISOString(),
    role: user.role,
    has_password: user.passwordHash !== null,
    invited_at: user.invitedAt?.toISOString() ?? null,
    owner: ctx.owner,
    allowed_companies: ctx.memberships.map((m) => ({
      company_id: m.company.id,
      company_name: m.company.name,
      owner: m.owner,
      current: m.company.id === company?.id,
    })),
  };
}

export function filledFlags(ctx: UserContext) {
  const { user } = ctx;
  return {
    has_email: Boolean(user.email),
    has_first_name: Boolean(user.firstName),
    has_last_name: Boolean(user.lastName),
    has_password: user.passwordHash !== null,
    has_phone: Boolean(user.phone),
    has_unconfirmed_email: Boolean(user.unconfirmedEmail),
  };
}
