/**
 * Procedures (briefcases): the feed, its counts and organisation search, a procedure's card and the favourites. The
 * rest of a procedure's calls: documents.ts (documents and downloads), wizard.ts (the wizard and moderation),
 * registries.ts (the registry and lotting).
 */
import {
  briefcaseCardSchema,
  briefcaseCountsSchema,
  briefcaseListQuery,
  briefcaseListSchema,
  favoriteToggleSchema,
} from '../briefcases.ts';
import { companySearchDataSchema, companySearchQuery } from '../calendar.ts';
import { idParams } from '../ids.ts';
import { operation } from '../operation.ts';

export const procedureOperations = {
  listBriefcases: operation({
    method: 'GET',
    path: '/api/v1/briefcases',
    summary: 'The feed of procedures, filtered and a page at a time',
    tag: 'briefcases',
    query: briefcaseListQuery,
    reply: briefcaseListSchema,
  }),
  countBriefcases: operation({
    method: 'GET',
    path: '/api/v1/briefcases/counts',
    summary: 'How many procedures each tab of the feed holds',
    tag: 'briefcases',
    reply: briefcaseCountsSchema,
    // 422: the id-bounds net (apps/server/src/http/idBounds.ts) refuses an id-named query field on every route.
    errors: [422],
  }),
  getBriefcase: operation({
    method: 'GET',
    path: '/api/v1/briefcases/:id',
    summary: 'A procedure’s card',
    tag: 'briefcases',
    params: idParams,
    reply: briefcaseCardSchema,
  }),
  searchFeedCompanies: operation({
    method: 'GET',
    path: '/api/v1/briefcases/company_search.json',
    summary: 'Organisations for the feed’s organisation filter, the chosen ones first',
    tag: 'briefcases',
    query: companySearchQuery,
    reply: companySearchDataSchema,
  }),
  toggleFavoriteBriefcase: operation({
    method: 'PUT',
    path: '/api/v1/briefcases/:id/toggle_favorite',
    summary: 'Adds the procedure to the user’s favourites or removes it',
    tag: 'briefcases',
    params: idParams,
    reply: favoriteToggleSchema,
  }),
} as const;
