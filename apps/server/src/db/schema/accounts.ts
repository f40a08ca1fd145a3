/** Users, companies, memberships, invitations, tokens, one-time codes and the notification outbox. */
import type { AccreditationStatus, AuthStrategy } from '@etp/contracts';
import type { CompanyKind, UserRole } from '@etp/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './common.ts';

/** The lists of the domain and the contract (decisions/0259), under the names the server's modules import. */
export type { AccreditationStatus, CompanyKind, UserRole };

export interface NotificationSettings {
  lot_mailer: {
    won: boolean;
    lost: boolean;
    ousted: boolean;
    started: boolean;
    finished: boolean;
    daily_summary: boolean;
  };
  autobid_mailer: { maxed_out: boolean };
  invitation_mailer: { invited: boolean };
  /** Absent in settings stored before deals had a setting (decisions/0261): read as on. */
  deal_mailer?: { steps: boolean };
}

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email'),
    unconfirmedEmail: text('unconfirmed_email'),
    confirmedEmail: boolean('confirmed_email').notNull().default(false),
    phone: text('phone'),
    confirmedPhone: boolean('confirmed_phone').notNull().default(false),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    avatarKey: text('avatar_key'),
    role: text('role').$type<UserRole>().notNull().default('user'),
    /** 'email': e-mail and password sign in; 'sms': an SMS code must follow (decisions/0125). */
    authStrategy: text('auth_strategy').$type<AuthStrategy>().notNull().default('email'),
    notificationSettings: jsonb('notification_settings').$type<NotificationSettings>(),
    currentCompanyId: integer('current_company_id'),
    /** Subject of the federated bank-identity (OpenID Connect) account linked to this user. */
    oidcSubject: text('oidc_subject'),
    policyAgreementAt: at('policy_agreement_at'),
    persDataAgreementAt: at('pers_data_agreement_at'),
    lastSeenAt: at('last_seen_at'),
    /** The Moscow date of the last daily summary mailed (lot_mailer.daily_summary), 'YYYY-MM-DD'. */
    dailySummaryOn: text('daily_summary_on'),
    invitedAt: at('invited_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_oidc_subject_key').on(t.oidcSubject),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: id(),
    kind: text('kind').$type<CompanyKind>().notNull().default('legal'),
    name: text('name').notNull().default(''),
    fullName: text('full_name').notNull().default(''),
    address: text('address'),
    currentAddress: text('current_address'),
    inn: text('inn'),
    kpp: text('kpp'),
    okved: text('okved'),
    managementName: text('management_name'),
    managementPost: text('management_post'),
    logoKey: text('logo_key'),
    buyer: boolean('buyer').notNull().default(true),
    seller: boolean('seller').notNull().default(false),
    agreement: boolean('agreement').notNull().default(false),
    goodStanding: boolean('good_standing').notNull().default(false),
    fssp: boolean('fssp').notNull().default(false),
    needAttention: boolean('need_attention').notNull().default(false),
    accreditationStatus: text('accreditation_status').$type<AccreditationStatus>().notNull().default('draft'),
    accreditationNote: text('accreditation_note'),
    accreditationRequestedAt: at('accreditation_requested_at'),
    accreditedAt: at('accredited_at'),
    bankAccount: text('bank_account'),
    bankName: text('bank_name'),
    bik: text('bik'),
    bankInn: text('bank_inn'),
    correspondentAccount: text('correspondent_account'),
    signerName: text('signer_name'),
    signerPositionAndFio: text('signer_position_and_fio'),
    passport: text('passport'),
    phone: text('phone'),
    email: text('email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('companies_inn_idx').on(t.inn)],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    owner: boolean('owner').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.companyId] }),
    index('memberships_company_idx').on(t.companyId),
    // A company has exactly one owner.
    uniqueIndex('memberships_one_owner_key').on(t.companyId).where(sql`${t.owner}`),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id),
    status: text('status')
      .$type<'pending' | 'accepted' | 'declined' | 'revoked'>()
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
    respondedAt: at('responded_at'),
  },
  (t) => [index('invitations_email_idx').on(sql`lower(${t.email})`)],
);

/** Refresh tokens are stored as SHA-256 hashes; a family is one sign-in, rotated on every refresh. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // A user's sessions: signing out everywhere, and the administrator's user page.
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export type CodePurpose =
  | 'registration'
  | 'sign_in'
  | 'phone_confirmation'
  | 'password_reset'
  | 'email_confirmation'
  /** The one-minute code that hands a bank-identity sign-in over to the web app. */
  | 'bank_id_handover'
  /** An SMS code that signs a deal's agreement (decisions/0261). */
  | 'deal_signing';

/** One-time codes (SMS codes, e-mailed tokens), stored hashed, with attempts and expiry. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: id(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    target: text('target').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_codes_target_idx').on(t.purpose, t.target)],
);

/** Every SMS and e-mail goes here first; a transport delivers it and stamps sent_at. */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: id(),
    channel: text('channel').$type<'sms' | 'email'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The HTML part of an e-mail (event mails are HTML plus the text in `body`). */
    html: text('html'),
    sentAt: at('sent_at'),
    error: text('error'),
    /** Queued for the mail worker (decisions/0124): when it may be tried next; null for messages sent at once. */
    nextAttemptAt: at('next_attempt_at'),
    attempts: integer('attempts').notNull().default(0),
    /** The event a queued mail tells of. */
    eventId: bigint('event_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_outbox_recipient_idx').on(t.recipient),
    index('notification_outbox_queue_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`),
  ],
);
