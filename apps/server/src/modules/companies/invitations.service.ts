/**
 * Invitations (spec 3 §4.5; docs/decisions/0033-employees-and-invitations.md). The owner invites addresses; an
 * invitation is matched to an account by its e-mail, and only a confirmed e-mail may answer it, so nobody joins
 * a company by registering someone else's address. Invited people get an e-mail with a link to the site (unless
 * their account turned invitation mails off) and, when they have an account, an event.
 */
import type { AppContext } from '../../appContext.ts';
import { AppError, forbidden, notFound, validationFailed } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { EVENT_TEXTS } from '../events/events.messages.ts';
import { recordEvent, recordEvents } from '../events/events.service.ts';
import { notificationSettingsOf } from '../profile/profile.presenter.ts';
import { INVITATION_MAIL, COMPANY_TEXTS as T } from './company.messages.ts';
import { presentInviteInfo } from './employees.presenter.ts';
import {
  closeInvitations,
  findCompanyOwnerIds,
  findEmployeeByEmail,
  findInvitationsFor,
  findOtherUserByEmail,
  findPendingInvitation,
  insertInvitation,
  joinCompany,
} from './employees.queries.ts';
import { asOwner } from './employees.service.ts';

const personName = (user: AuthContext['user']) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Сотрудник';

/** POST invite_users: invites the addresses that are not employees yet; a pending one is mailed again. */
export async function inviteEmployees(ctx: AppContext, auth: AuthContext, emails: string[]) {
  const unique = [...new Set(emails)];
  const errors: Record<string, string[]> = {};
  const mails: string[] = [];
  const company = await asOwner(ctx, auth, async (tx, companyId) => {
    const now = ctx.now();
    for (const email of unique) {
      if (await findEmployeeByEmail(tx, companyId, email)) {
        errors[`emails.${emails.indexOf(email)}`] = [T.alreadyMember];
        continue;
      }
      const invitee = await findOtherUserByEmail(tx, email, auth.user.id);
      if (!(await findPendingInvitation(tx, companyId, email))) {
        await insertInvitation(tx, { companyId, email, invitedByUserId: auth.user.id, createdAt: now });
        if (invitee) {
          await recordEvent(tx, invitee.id, {
            kind: 'invitation',
            text: EVENT_TEXTS.invited(auth.company!.name),
            companyId,
            payload: { action: 'invited' },
            at: now,
          });
        }
      }
      if (!invitee || notificationSettingsOf(invitee.notificationSettings).invitation_mailer.invited)
        mails.push(email);
    }
    if (Object.keys(errors).length === unique.length) throw validationFailed(errors, T.nobodyInvited);
    return auth.company!;
  });
  const site = ctx.config.publicUrl.replace(/\/+$/, '');
  for (const email of mails) {
    await ctx.notifier.email(
      email,
      INVITATION_MAIL.subject(company.name),
      INVITATION_MAIL.text(company.name, personName(auth.user), site),
    );
  }
  const invited = unique.filter((email) => !errors[`emails.${emails.indexOf(email)}`]);
  return { invited, errors };
}

/** The pending invitations to the signed-in user's address, once it is confirmed. */
async function invitationsOf(ctx: AppContext, auth: AuthContext, id?: number) {
  const email = auth.user.email;
  if (!email) return [];
  const rows = await findInvitationsFor(ctx.db, email, id);
  if (rows.length > 0 && !auth.user.confirmedEmail) throw forbidden(T.confirmEmailFirst);
  return rows;
}

/** GET invite_company_info: the newest pending invitation, or null. */
export async function inviteInfo(ctx: AppContext, auth: AuthContext) {
  const [newest] = await invitationsOf(ctx, auth);
  return newest ? presentInviteInfo(newest) : null;
}

/** POST accept_invite / decline_invite: answers the given invitation, else the newest pending one. */
export async function answerInvitation(
  ctx: AppContext,
  auth: AuthContext,
  invitationId: number | undefined,
  accept: boolean,
): Promise<string> {
  const [row] = await invitationsOf(ctx, auth, invitationId);
  if (!row) throw new AppError(404, 'not_found', T.inviteNotFound);
  const { company } = row;
  const email = row.invitation.email;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const closed = await closeInvitations(tx, company.id, email, accept ? 'accepted' : 'declined', now);
    if (closed === 0) throw notFound(T.inviteNotFound);
    if (accept) await joinCompany(tx, auth.user.id, company.id);
    const who = personName(auth.user);
    const tell = [...(await findCompanyOwnerIds(tx, company.id)), row.invitation.invitedByUserId ?? 0];
    await recordEvents(
      tx,
      tell.filter((id) => id > 0 && id !== auth.user.id),
      {
        kind: 'invitation',
        text: accept
          ? EVENT_TEXTS.inviteAccepted(who, company.name)
          : EVENT_TEXTS.inviteDeclined(who, company.name),
        companyId: company.id,
        payload: { action: accept ? 'accepted' : 'declined', user_id: auth.user.id },
        at: now,
      },
    );
  });
  if (accept) await ctx.access.changed({ users: [auth.user.id] });
  return accept ? T.accepted(company.name) : T.declined;
}
