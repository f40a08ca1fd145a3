/** The procedure feed, its tab counters and the procedure card (spec 2 §7). */
import {
  briefcaseListQuery,
  type CompanySuggestion,
  calendarQuery,
  companySearchQuery,
  idParams,
  type StatusesCounts,
} from '@etp/contracts';
import {
  BRIEFCASE_STATUSES,
  type BriefcaseStatus,
  CALENDAR_CACHE_MS,
  STATUS_FILTER_GROUPS,
  statusesOfFilter,
} from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { notFound, notInGoodStanding } from '../../http/errors.ts';
import { authOf } from '../auth/guards.ts';
import { cardDocuments } from '../documents/documents.service.ts';
import { BRIEFCASE_NOT_FOUND, resolveBriefcaseAccess, viewerOf } from './briefcases.access.ts';
import { findCardMasterFacts, findCardViewerFacts } from './briefcases.cardFacts.queries.ts';
import { canViewBidsInfo } from './briefcases.policy.ts';
import { presentCard, presentListItem } from './briefcases.presenter.ts';
import {
  countByStatus,
  countFeedTabs,
  findFeedCompaniesByIds,
  findFeedPage,
  searchFeedCompanies,
  toggleFavouriteBriefcase,
} from './briefcases.queries.ts';
import { createCalendar } from './calendar.ts';

export { BRIEFCASE_NOT_FOUND };

function statusesCounts(byStatus: Map<string, number>): StatusesCounts {
  const sum = (list: readonly string[]) => list.reduce((acc, s) => acc + (byStatus.get(s) ?? 0), 0);
  const counts = Object.fromEntries(BRIEFCASE_STATUSES.map((s) => [s, byStatus.get(s) ?? 0])) as Record<
    BriefcaseStatus,
    number
  >;
  return {
    ...counts,
    total: sum(BRIEFCASE_STATUSES),
    all_active: sum(STATUS_FILTER_GROUPS.all_active),
    all_closed: sum(STATUS_FILTER_GROUPS.all_closed),
    all_archived: sum(STATUS_FILTER_GROUPS.all_archived),
  };
}

/** Suggestions of the feed's organisation filter: at most this many, the chosen ones on top. */
const COMPANY_SEARCH_LIMIT = 20;

/** `company_ids[]` and `company_ids` together, without repeats; undefined when neither is given. */
function mergedIds(...lists: (number[] | undefined)[]): number[] | undefined {
  const given = lists.filter((list): list is number[] => list !== undefined);
  return given.length > 0 ? [...new Set(given.flat())] : undefined;
}

export function briefcasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const calendar = createCalendar(ctx.db, ctx.now);
  return async (app) => {
    app.get(
      '/api/v1/briefcases',
      { preHandler: ctx.guards.user, schema: { querystring: briefcaseListQuery } },
      async (request) => {
        const auth = authOf(request);
        const q = request.query;
        const accredited = auth.user.role === 'admin' || Boolean(auth.company?.goodStanding);
        // Tabs beyond "Все" are for accredited users only (spec 2 §1).
        if (!accredited && (q.participation || q.owned || q.favorites)) throw notInGoodStanding();
        const filter = {
          participation: q.participation,
          owned: q.owned,
          favorites: q.favorites,
          auctionType: q.auction_type,
          statuses: q.status ? statusesOfFilter(q.status) : undefined,
          query: q.query || undefined,
          companyIds: mergedIds(q['company_ids[]'], q.company_ids),
          startFrom: q.start_datetime ? new Date(q.start_datetime) : undefined,
          startTo: q.end_datetime ? new Date(q.end_datetime) : undefined,
        };
        const viewer = viewerOf(auth);
        const byStatus = await countByStatus(ctx.db, viewer, filter);
        const counts = statusesCounts(byStatus);
        const totalCount = filter.statuses
          ? filter.statuses.reduce((acc, s) => acc + (byStatus.get(s) ?? 0), 0)
          : counts.total;
        const rows = await findFeedPage(ctx.db, viewer, filter, {
          limit: q.per_page,
          offset: (q.page - 1) * q.per_page,
          order: q.order ?? 'active',
          direction: q.order_direction ?? 'desc',
        });
        return ok({
          briefcases: rows.map((row) => ({ id: row.briefcase.id, attributes: presentListItem(auth, row) })),
          statuses_counts: counts,
          total_pages: Math.max(1, Math.ceil(totalCount / q.per_page)),
          total_count: totalCount,
          page: q.page,
          per_page: q.per_page,
        });
      },
    );

    app.get('/api/v1/briefcases/counts', { preHandler: ctx.guards.goodStanding }, async (request) =>
      ok(await countFeedTabs(ctx.db, viewerOf(authOf(request)))),
    );

    app.get(
      '/api/v1/calendar',
      { preHandler: ctx.guards.user, schema: { querystring: calendarQuery } },
      async (request, reply) => {
        const { start_datetime, month_offset } = request.query;
        const data = await calendar.read(viewerOf(authOf(request)), new Date(start_datetime), month_offset);
        reply.header('cache-control', `private, max-age=${CALENDAR_CACHE_MS / 1000}`);
        return ok(data);
      },
    );

    app.get(
      '/api/v1/briefcases/company_search.json',
      { preHandler: ctx.guards.user, schema: { querystring: companySearchQuery } },
      async (request) => {
        const { full_name, kind, order, selected } = request.query;
        const viewer = viewerOf(authOf(request));
        const chosen = selected.slice(0, COMPANY_SEARCH_LIMIT);
        const [picked, found] = await Promise.all([
          findFeedCompaniesByIds(ctx.db, viewer, chosen),
          searchFeedCompanies(ctx.db, viewer, { text: full_name, kind, order, limit: COMPANY_SEARCH_LIMIT }),
        ]);
        const seen = new Set(picked.map((c) => c.id));
        const rows = [
          ...picked.sort((a, b) => a.name.localeCompare(b.name, 'ru')),
          ...found.filter((c) => !seen.has(c.id)),
        ].slice(0, COMPANY_SEARCH_LIMIT);
        const data: CompanySuggestion[] = rows.map((c) => ({
          id: c.id,
          attributes: {
            name: c.name,
            full_name: c.fullName,
            kind: c.kind,
            pko: c.pko,
            selected: seen.has(c.id),
          },
        }));
        return ok(data);
      },
    );

    app.get(
      '/api/v1/briefcases/:id',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        const auth = authOf(request);
        const access = await resolveBriefcaseAccess(ctx.db, auth, request.params.id);
        switch (access.kind) {
          case 'missing':
            throw notFound(BRIEFCASE_NOT_FOUND);
          case 'not_in_good_standing':
            throw notInGoodStanding();
          case 'hidden':
            return ok({ id: access.row.briefcase.id, hidden: true, attributes: null });
          case 'open': {
            const b = access.row.briefcase;
            const [viewerFacts, masterFacts, documents] = await Promise.all([
              findCardViewerFacts(ctx.db, b.id, auth.company?.id ?? null),
              // Invited and non-admitted companies, winners: the seller's and administrators' (spec 2 §6).
              canViewBidsInfo(auth, b) ? findCardMasterFacts(ctx.db, b.id, b.status) : null,
              // What this viewer may download, by the documents list's own rules (spec 2 §3; decisions/0250).
              cardDocuments(ctx.db, b.id, b.status as BriefcaseStatus, access.master),
            ]);
            return ok({
              id: b.id,
              hidden: b.hidden,
              attributes: presentCard(auth, access.row, viewerFacts, masterFacts, documents),
            });
          }
        }
      },
    );

    app.put(
      '/api/v1/briefcases/:id/toggle_favorite',
      { preHandler: ctx.guards.goodStanding, schema: { params: idParams } },
      async (request) => {
        const auth = authOf(request);
        const access = await resolveBriefcaseAccess(ctx.db, auth, request.params.id);
        if (access.kind !== 'open') throw notFound(BRIEFCASE_NOT_FOUND);
        return ok({ favorite: await toggleFavouriteBriefcase(ctx.db, auth.user.id, request.params.id) });
      },
    );
  };
}
