/**
 * Which event is mailed under which notification setting (decisions/0124, spec 3 §3): each kind answers to exactly
 * the setting the spec names for it, and switching that setting off stops that kind's mail and no other.
 */
import type { NotificationsSettings } from '@etp/contracts';
import { RESULT_STATUSES } from '@etp/domain';
import { describe, expect, it } from 'vitest';
import type { EventKind } from '../../../db/schema/index.ts';
import { notificationSettingsOf } from '../../profile/profile.presenter.ts';
import { shouldMail } from './mail.policy.ts';

type Setting =
  | `lot_mailer.${keyof NotificationsSettings['lot_mailer']}`
  | 'autobid_mailer.maxed_out'
  | 'invitation_mailer.invited'
  | 'deal_mailer.steps';

const SETTINGS: Setting[] = [
  'lot_mailer.won',
  'lot_mailer.lost',
  'lot_mailer.ousted',
  'lot_mailer.started',
  'lot_mailer.finished',
  'lot_mailer.daily_summary',
  'autobid_mailer.maxed_out',
  'invitation_mailer.invited',
  'deal_mailer.steps',
];

/** Every setting on, except the one named. */
function allOnBut(off: Setting | null): NotificationsSettings {
  const settings = notificationSettingsOf(null);
  for (const group of Object.values(settings) as Record<string, boolean>[])
    for (const key of Object.keys(group)) group[key] = true;
  if (off) {
    const [group, key] = off.split('.') as [keyof NotificationsSettings, string];
    (settings[group] as Record<string, boolean>)[key] = false;
  }
  return settings;
}

/** An event as the worker sees it, and the one setting that governs its mail (null: mailed whatever is set). */
const CASES: { what: string; kind: EventKind; payload?: Record<string, unknown>; setting: Setting | null }[] =
  [
    { what: 'outbid', kind: 'outbid', setting: 'lot_mailer.ousted' },
    { what: 'won', kind: 'won', setting: 'lot_mailer.won' },
    { what: 'lost', kind: 'lost', setting: 'lot_mailer.lost' },
    {
      what: 'procedure started',
      kind: 'briefcase_status',
      payload: { status: 'active' },
      setting: 'lot_mailer.started',
    },
    ...RESULT_STATUSES.map((status) => ({
      what: `procedure ${status}`,
      kind: 'briefcase_status' as const,
      payload: { status },
      setting: 'lot_mailer.finished' as const,
    })),
    { what: 'autobid maxed out', kind: 'autobid_maxed_out', setting: 'autobid_mailer.maxed_out' },
    {
      what: 'invited to a closed procedure',
      kind: 'procedure_invitation',
      setting: 'invitation_mailer.invited',
    },
    { what: 'round invitation', kind: 'round_invitation', setting: 'invitation_mailer.invited' },
    ...(
      [
        'sign',
        'mark_paid',
        'confirm_payment',
        'hand_over_registry',
        'registry_downloaded',
        'close',
        'accept_offer',
      ] as const
    ).map((action) => ({
      what: `deal step ${action}`,
      kind: 'deal' as const,
      payload: { action },
      setting: 'deal_mailer.steps' as const,
    })),
    // What ends or endangers a deal is mailed whatever is set: a deadline can fail it (decisions/0261).
    ...(['expire', 'cancel', 'offer_to_second', 'decline_offer'] as const).map((action) => ({
      what: `deal ${action}`,
      kind: 'deal' as const,
      payload: { action },
      setting: null,
    })),
    { what: 'deal event without an action', kind: 'deal', payload: { state: 'failed' }, setting: null },
    { what: 'question answered', kind: 'question_answered', setting: null },
    { what: 'question asked', kind: 'question_asked', setting: null },
    { what: 'accreditation approved', kind: 'accreditation_approved', setting: null },
    { what: 'accreditation rejected', kind: 'accreditation_rejected', setting: null },
  ];

describe('which event is mailed', () => {
  it.each(CASES)('$what answers to its own setting only', ({ kind, payload = {}, setting }) => {
    expect(shouldMail(kind, payload, allOnBut(null))).toBe(true);
    for (const off of SETTINGS) expect(shouldMail(kind, payload, allOnBut(off)), off).toBe(off !== setting);
  });

  it('mails no status change but the start and the results (an approval, a rejection, a draft)', () => {
    for (const status of ['pending', 'ready', 'rejected', 'created'])
      expect(shouldMail('briefcase_status', { status }, allOnBut(null)), status).toBe(false);
  });

  it('sends no second mail for a company invitation, which has a mail of its own with the link', () => {
    expect(shouldMail('invitation', {}, allOnBut(null))).toBe(false);
  });

  it('mails every kind of mail the spec names by default', () => {
    const defaults = notificationSettingsOf(null);
    for (const { kind, payload = {} } of CASES) expect(shouldMail(kind, payload, defaults), kind).toBe(true);
  });
});
