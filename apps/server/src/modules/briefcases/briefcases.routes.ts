/**
 * The procedure as a resource: the feed, its tab counters, the calendar and the card (spec 2 §7), and the procedure
 * itself: created with its registry or from a custom-template draft, its wizard draft read and saved, sent for
 * approval and deleted (spec 1 §7). Every route of /api/v1/briefcases and /api/v1/briefcases/:id is here
 * (decisions/0260); the procedure's sub-resources are in the modules named after them.
 */
import {
  briefcaseListQuery,
  briefcaseSaveRequest,
  type CompanySuggestion,
  calendarQuery,
  companySearchQuery,
  idParams,
  registryFromLotingBody,
  registryUploadFields,
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
import { parseFields } from '../../http/form.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { cardDocuments } from '../documents/documents.service.ts';
import { createBriefcaseFromLoting } from '../lotings/lotings.service.ts';
import { createBriefcaseWithRegistry, deleteBriefcase } from '../registries/registries.service.ts';
import { sendUploadAnswer, uploadAnswer, withUpload } from '../registries/upload/answer.ts';
import { foldSaveBody } from '../wizard/draft/saveBody.ts';
import { WIZARD_MESSAGES } from '../wizard/wizard.messages.ts';
import { applyDraft, loadDraft, saveDraft } from '../wizard/wizard.service.ts';
import { BRIEFCASE_NOT_FOUND, resolveBriefcaseAccess, viewerOf } from './access/viewerAccess.ts';
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
import { createCalendar } from './calendar.service.ts';
import { findCardMasterFacts, findCardViewerFacts } from './card/cardFacts.queries.ts';

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

    // A procedure is created with its registry (multipart), or from a custom-template draft of /api/v1/lotings
    // (a JSON body, no file): both answer as a registry upload does.
    app.post('/api/v1/briefcases', { preHandler: ctx.guards.user }, async (request, reply) => {
      const auth = authOf(request);
      if (!request.isMultipart()) {
        const fields = parseFields(registryFromLotingBody, request.body ?? {});
        const answer = await uploadAnswer(() =>
          createBriefcaseFromLoting(ctx, auth, {
            companyId: fields.company_id,
            auctionType: fields.auction_type,
            uploadId: fields.upload_id ?? null,
          }),
        );
        return sendUploadAnswer(reply, answer);
      }
      return withUpload(request, reply, (upload) => {
        const fields = parseFields(registryUploadFields, upload.fields);
        return createBriefcaseWithRegistry(ctx, auth, {
          companyId: fields.company_id,
          auctionType: fields.auction_type,
          filePath: upload.path,
          fileName: upload.fileName,
          uploadId: fields.upload_id ?? null,
        });
      });
    });

    // The wizard's draft: read, saved, sent for approval (decisions/0080).
    app.get(
      '/api/v1/briefcases/:id/edit',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => ok(await loadDraft(ctx, authOf(request), request.params.id)),
    );

    app.put(
      '/api/v1/briefcases/:id',
      // The guard runs before the body is validated: a caller without a session learns nothing of the body's rules.
      // Then the spec's wrapped form and names are folded into our flat body, which the schema checks (decisions/0253).
      {
        preValidation: [
          ctx.guards.user,
          async (request) => {
            // Not validated yet: the schema below checks what the fold gives.
            request.body = foldSaveBody(
              request.body,
              (request.params as { id?: unknown }).id,
            ) as typeof request.body;
          },
        ],
        schema: { params: idParams, body: briefcaseSaveRequest },
      },
      async (request) =>
        ok(await saveDraft(ctx, authOf(request), request.params.id, request.body), WIZARD_MESSAGES.saved),
    );

    app.post(
      '/api/v1/briefcases/:id/apply',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) =>
        ok(await applyDraft(ctx, authOf(request), request.params.id), WIZARD_MESSAGES.applied),
    );

    app.delete(
      '/api/v1/briefcases/:id',
      { preHandler: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        await deleteBriefcase(ctx, authOf(request), request.params.id);
        return ok(null);
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
