/** The profile JSON: the user (spec 3 §3) plus the notification settings, defaults filled in. */
import type { NotificationsSettings, Profile } from '@etp/contracts';
import type { NotificationSettings } from '../../db/schema/index.ts';
import { presentUser } from '../user/user.presenter.ts';
import type { UserContext } from '../user/user.queries.ts';

/** A new account gets every e-mail; the user turns off what they do not want. */
const DEFAULT_NOTIFICATION_SETTINGS: NotificationsSettings = {
  lot_mailer: { won: true, lost: true, ousted: true, started: true, finished: true, daily_summary: true },
  autobid_mailer: { maxed_out: true },
  invitation_mailer: { invited: true },
  deal_mailer: { steps: true },
};

export function notificationSettingsOf(stored: NotificationSettings | null): NotificationsSettings {
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  return {
    lot_mailer: { ...d.lot_mailer, ...stored?.lot_mailer },
    autobid_mailer: { ...d.autobid_mailer, ...stored?.autobid_mailer },
    invitation_mailer: { ...d.invitation_mailer, ...stored?.invitation_mailer },
    deal_mailer: { ...d.deal_mailer, ...stored?.deal_mailer },
  };
}

export function presentProfile(ctx: UserContext): Profile {
  return {
    ...presentUser(ctx),
    notifications_settings: notificationSettingsOf(ctx.user.notificationSettings),
  };
}
