/**
 * The feed's calendar month (GET /api/v1/calendar), the feed's organisation filter
 * (GET /api/v1/briefcases/company_search.json) and the wizard's participant typeahead
 * (GET /companies/typeahead.json): spec 2 §7, spec 1 §7. Decision 0065.
 */
import { PAYMENT_KINDS } from '@etp/domain';
import { z } from 'zod';
import {
  auctionTypeSchema,
  briefcaseStatusSchema,
  companyIdsParam,
  companyKindSchema,
} from './briefcases.ts';
import { COMPANY_SEARCH_KINDS } from './companySearchKinds.ts';

const isoDate = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'Неверный формат даты');

/** three: the month of start_datetime with the one before and the one after; prev, next: that one month alone. */
const CALENDAR_MONTH_OFFSETS = ['three', 'prev', 'next'] as const;
const calendarMonthOffsetSchema = z.enum(CALENDAR_MONTH_OFFSETS);
export type CalendarMonthOffset = z.infer<typeof calendarMonthOffsetSchema>;

export const calendarQuery = z.object({
  start_datetime: isoDate,
  month_offset: calendarMonthOffsetSchema.default('three'),
});

/** One procedure on the calendar (spec 2 §3 "Calendar entry"). */
const calendarEntrySchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    auction_type: auctionTypeSchema,
    kind: z.enum(PAYMENT_KINDS).nullable(),
    status: briefcaseStatusSchema,
    start_datetime: z.string(),
    company_name: z.string(),
  }),
});
export type CalendarEntry = z.infer<typeof calendarEntrySchema>;

export const calendarDataSchema = z.object({
  /** Moscow day 'YYYY-MM-DD' → that day's procedures by start time. Days without procedures are absent. */
  briefcases: z.record(z.string(), z.array(calendarEntrySchema)),
  /** The months covered, [from, to): ISO instants of Moscow midnights on the first of a month. */
  from: z.string(),
  to: z.string(),
});
export type CalendarData = z.infer<typeof calendarDataSchema>;

const companySearchKindSchema = z.enum(COMPANY_SEARCH_KINDS);

export const companySearchQuery = z
  .object({
    /** status: sellers with a procedure trading now first (active, then ready, then the rest); name: by name. */
    order: z.enum(['status', 'name']).default('status'),
    full_name: z.string().trim().max(200).default(''),
    kind: companySearchKindSchema.default('all'),
    'company_ids[]': companyIdsParam,
    company_ids: companyIdsParam,
  })
  .transform(({ 'company_ids[]': bracketed, company_ids, ...rest }) => ({
    ...rest,
    selected: [...(bracketed ?? []), ...(company_ids ?? [])],
  }));

/** A company suggestion of the feed's organisation filter (spec 2 §3: id, name, selected). */
const companySuggestionSchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    name: z.string(),
    full_name: z.string(),
    kind: companyKindSchema,
    pko: z.boolean(),
    selected: z.boolean(),
  }),
});
export type CompanySuggestion = z.infer<typeof companySuggestionSchema>;
export const companySearchDataSchema = z.array(companySuggestionSchema);

export const companyTypeaheadQuery = z.object({ full_name: z.string().trim().max(200).default('') });

/** A participant suggestion of the wizard (spec 1 §2 step 4): an item with an error is shown disabled. */
const companyTypeaheadItemSchema = z.object({
  id: z.number().int(),
  attributes: z.object({
    full_name: z.string(),
    inn: z.string().nullable(),
    kind_name: z.string(),
    error: z.string().nullable(),
  }),
});
export type CompanyTypeaheadItem = z.infer<typeof companyTypeaheadItemSchema>;
export const companyTypeaheadDataSchema = z.array(companyTypeaheadItemSchema);

/** GET /api/v1/users?company_name=: the administrator's organiser picker of the wizard (spec 1 §7). */
export const organiserQuery = z.object({ company_name: z.string().trim().max(200).default('') });

/** The companies matching the name; one that cannot sell comes with an error text and is shown disabled. */
export const organiserSearchSchema = z.object({
  companies: z.object({
    data: z.array(
      z.object({
        id: z.number().int(),
        attributes: z.object({ company_name: z.string(), error: z.string().nullable() }),
      }),
    ),
  }),
});

/** GET /users/auth/authenticity_token: the token the federated sign-in's form post carries. */
export const authenticityTokenDataSchema = z.object({ authenticity_token: z.string() });
export const federatedSignInForm = z.object({ authenticity_token: z.string().min(1).max(200) });
