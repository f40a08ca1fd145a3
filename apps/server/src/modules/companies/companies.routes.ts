/**
 * The wizard's company pickers (spec 1 §7). GET /api/v1/users?company_name=: the administrator's organiser
 * picker; a company that cannot sell comes back with an error text and is shown disabled.
 * GET /api/v1/companies/search?full_name= (and the default typeahead path GET /companies/typeahead.json): the
 * participant typeahead of step 4, the asker's own company left out; a company that cannot bid comes back with an
 * error text and is shown disabled (decision 0065).
 */
import { type CompanyTypeaheadItem, companyTypeaheadQuery, organiserQuery } from '@etp/contracts';
import { COMPANY_KIND_LABELS } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { searchCompaniesByName, searchParticipantCompanies } from './companies.queries.ts';
import { participantError } from './participant.policy.ts';

function organiserError(company: { seller: boolean; goodStanding: boolean }): string | null {
  if (!company.goodStanding) return 'Компания не аккредитована';
  if (!company.seller) return 'Компания не является продавцом';
  return null;
}

export function companiesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/users',
      { preHandler: ctx.guards.admin, schema: { querystring: organiserQuery } },
      async (request) => {
        const rows = await searchCompaniesByName(ctx.db, request.query.company_name);
        return ok({
          companies: {
            data: rows.map((c) => ({
              id: c.id,
              attributes: { company_name: c.name, error: organiserError(c) },
            })),
          },
        });
      },
    );

    for (const url of ['/api/v1/companies/search', '/companies/typeahead.json'])
      app.get(
        url,
        { preHandler: ctx.guards.goodStanding, schema: { querystring: companyTypeaheadQuery } },
        async (request) => {
          const auth = authOf(request);
          const rows = await searchParticipantCompanies(
            ctx.db,
            request.query.full_name,
            auth.company?.id ?? null,
          );
          const data: CompanyTypeaheadItem[] = rows.map((c) => ({
            id: c.id,
            attributes: {
              full_name: c.fullName,
              inn: c.inn,
              kind_name: COMPANY_KIND_LABELS[c.kind],
              error: participantError(c),
            },
          }));
          return ok(data);
        },
      );
  };
}
