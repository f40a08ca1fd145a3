/** Test data builders: a valid object with overridable fields. */
import {
  ANALYTICS_FEATURE_KEYS,
  type AnalyticsFeatureKey,
  type AuthResult,
  type BriefcaseCardAttributes,
  type BriefcaseListAttributes,
  type FilledFlags,
  type LotAttributes,
  type PublicBriefcase,
  type User,
  type WizardDraft,
  type WizardDraftLot,
} from '@etp/contracts';
import type { BriefcaseStatus } from '@etp/domain';
import { EMPTY_FORM } from '../features/wizard/wizardForm.ts';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    avatar_url: null,
    first_name: 'Анна',
    last_name: 'Петрова',
    phone: '+79161234567',
    confirmed_phone: true,
    email: 'anna@example.ru',
    unconfirmed_email: null,
    confirmed_email: true,
    auth_strategy: 'email',
    company_id: 3,
    company_good_standing: true,
    company_seller: false,
    company_name: 'ООО «Альфа Коллект»',
    company_kind: 'legal',
    created_at: '2026-01-10T09:00:00.000Z',
    role: 'user',
    has_password: true,
    invited_at: null,
    owner: true,
    allowed_companies: [],
    ...overrides,
  };
}

export function buildBriefcase(overrides: Partial<BriefcaseListAttributes> = {}): BriefcaseListAttributes {
  return {
    id: 42,
    status: 'ready',
    auction_type: 'classic',
    kind: 'standard',
    percent_mode: 'amount_bottomline_debt',
    end_mode: 'ransom',
    company: { id: 5, name: 'ПАО «Северный Банк»', logo_url: null, kind: 'bank' },
    start_datetime: '2026-11-22T08:00:00.000Z',
    end_datetime: '2026-11-22T10:00:00.000Z',
    created_at: '2026-11-01T08:00:00.000Z',
    amount_total: 1_500_000_000_00,
    amount_bottomline: 2_000_000_000_00,
    start_price: 95_000_000_00,
    max_price: null,
    currency: '₽',
    lots_count: 12,
    bidders_count: 4,
    bids_count: 31,
    items_count: 15_400,
    filling_percent: 92,
    liability: 'unsecured',
    human_activity: 'Потребительское кредитование',
    human_source_kind: 'Банковский портфель',
    human_source_debtor_typed: 'Физические лица',
    is_favorited: false,
    can_show: true,
    with_composite_lot: false,
    ai_grid: false,
    next_round_count: 0,
    analytics: { bankruptcy: 3, dead: 1, dpd: 840, dplp: 500 },
    ...overrides,
  };
}

export function buildBriefcaseCard(
  overrides: Partial<BriefcaseCardAttributes> = {},
): BriefcaseCardAttributes {
  const list = buildBriefcase();
  return {
    ...list,
    analytics: {
      ...list.analytics,
      paid_amount_cents: 120_000_000_00,
      last_payment_amount_cents: 4_500_000_00,
      amount_for_360_days_cents: 38_000_000_00,
      features: Object.fromEntries(ANALYTICS_FEATURE_KEYS.map((key, i) => [key, i * 10])) as Record<
        AnalyticsFeatureKey,
        number
      >,
      amount_bottomline_list: [
        { title: 'до 10 тыс ₽', value: 400 },
        { title: '10–50 тыс ₽', value: 600 },
      ],
      regions_list: { '77': 500, '50': 300, '23': 200 },
      enforcement_order_placements_list: [{ title: 'фссп', value: 700 }],
      kinds_list: [{ title: 'Потребительский', value: 1000 }],
      first_creditors_list: [{ title: 'ПАО «Северный Банк»', value: 1000 }],
    },
    birth_dates: [],
    is_master: false,
    can_view_bids_info: false,
    creator_type: 'user',
    published_at: '2026-11-02T08:00:00.000Z',
    amount_mean: 81_000_00,
    bottomline_mean: 116_000_00,
    renewal_after_last_bid_in_minutes: 10,
    lot_renewal_minutes: 10,
    round_request_ttl: 86_400_000,
    source_description: null,
    description: null,
    commission_percent: null,
    partner_operated: false,
    sent: true,
    is_amount_bottomline_visible: true,
    max_bids: null,
    steps_after_first_bid: null,
    converted_from: null,
    next_round_id: null,
    second_round_id: null,
    can_start_second_round: false,
    bids_total_amount_cents: null,
    has_enabled_autobids: false,
    min_lot_id: 501,
    max_lot_id: 512,
    advantages: [],
    allowed_kinds_map: { legal: true, bank: true, physical: true, self: true, mfo: true },
    fssp_only: false,
    okved_82_91_only: false,
    fssp_bank_only: false,
    fssp_mfo_only: false,
    viewer_admitted: true,
    invited_companies: null,
    rejected_companies: null,
    winners: null,
    documents: [],
    ...overrides,
  };
}

export function buildFilledFlags(overrides: Partial<FilledFlags> = {}): FilledFlags {
  return {
    has_email: true,
    has_first_name: true,
    has_last_name: true,
    has_password: true,
    has_phone: true,
    has_unconfirmed_email: false,
    ...overrides,
  };
}

export function buildAuthResult(
  overrides: { user?: Partial<User>; filled?: Partial<FilledFlags> } = {},
): AuthResult {
  return {
    jwt: { token: 'access', expires_at: 'x', refresh_token: 'refresh', refresh_token_expires_at: 'y' },
    profile: buildUser(overrides.user),
    filled: buildFilledFlags(overrides.filled),
  };
}

export function buildPublicBriefcase(id: number, status: BriefcaseStatus, nearest = false): PublicBriefcase {
  return {
    id,
    attributes: {
      auction_type: 'classic',
      start_datetime: '2026-11-22T08:00:00.000Z',
      status,
      nearest,
      company: { name: 'ПАО «Северный Банк»', logo_url: null },
    },
  };
}

export function buildLot(overrides: Partial<LotAttributes> = {}): LotAttributes {
  return {
    id: 501,
    briefcase_id: 42,
    number: '1',
    number_original: 1,
    name: null,
    status: 'active',
    composite: false,
    is_owner: false,
    is_favorited: false,
    amount_total: 10_000_000_00,
    amount_bottomline: 12_000_000_00,
    items_count: 350,
    dpd: 400,
    dplp: 300,
    start_price: 1_000_000_00,
    max_price: null,
    min_price: null,
    step_price: 10_000_00,
    step_count: null,
    current_step: null,
    current_price: null,
    next_price: 1_000_000_00,
    bids_count: 0,
    max_bids_cnt: null,
    bidders_count: 0,
    current_bidder_company: null,
    winner_company: null,
    is_current_bidder: false,
    is_winner: false,
    is_without_winner: false,
    last_users_bid_cents: null,
    autobid_status: 'disabled',
    autobid_max_price: null,
    autobid_steps_count: null,
    has_enabled_autobids: false,
    registry_url: null,
    deal: null,
    renewals_count: 0,
    start_datetime: '2026-11-22T08:00:00.000Z',
    end_datetime: '2026-11-22T10:00:00.000Z',
    briefcase_end_datetime: '2026-11-22T10:00:00.000Z',
    leader_tag: null,
    my_tag: 'me',
    condition: { text: 'Ваших ставок нет', color: 'grey' },
    version: 1,
    features: {},
    ...overrides,
  };
}

/** A lot of the wizard's lotting panel. */
export function buildWizardLot(overrides: Partial<WizardDraftLot> = {}): WizardDraftLot {
  return {
    id: 1,
    number: 1,
    name: 'Лот 1',
    items_count: 3,
    amount_total: 300_000_00,
    amount_bottomline: 450_000_00,
    bottomline_mean: 150_000_00,
    dpd: 400,
    dplp: 380,
    start_price: 30_000_00,
    min_price: 30_000_00,
    predicted_start_price: null,
    predicted_end_price: null,
    composite: false,
    product_type: null,
    federal_district: null,
    stage: null,
    step_price: null,
    max_price: null,
    step_count: null,
    start_datetime: null,
    end_datetime: null,
    ...overrides,
  };
}

/** A created classic draft on step 2 with a stored platform registry of one lot. */
export function buildWizardDraft(
  overrides: Partial<WizardDraft['briefcase']> = {},
  resume: 1 | 2 | 3 | 4 = 2,
): WizardDraft {
  return {
    briefcase: {
      ...EMPTY_FORM,
      id: 42,
      briefcase_state: 'created',
      creator_type: 'user',
      company_id: 7,
      creator_company_name: 'ПАО «Банк»',
      excel_custom: false,
      converted_from: null,
      has_registry: true,
      registry_file_name: 'реестр.xlsx',
      registry_report_id: null,
      personal_data_found: false,
      personal_data_agreement: false,
      personal_data_skipped: false,
      personal_data: [],
      loting_params: { loting_type: 'manual_splitting' },
      items_count: 3,
      amount_total: 300_000_00,
      amount_bottomline: 450_000_00,
      start_price: 30_000_00,
      currency: '₽',
      rejection_note: null,
      ...overrides,
    },
    lots: [buildWizardLot()],
    invited_companies: [],
    documents: [],
    rejected_companies: [],
    resume_step: resume,
  };
}
