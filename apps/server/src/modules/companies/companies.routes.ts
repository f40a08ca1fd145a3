/**
 * GET /api/v1/users?company_name=: the administrator's organiser picker of the wizard (spec 1 §7). A company
 * that cannot sell comes back with an error text and is shown disabled.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { searchCompaniesByName } from './companies.queries.ts';

const organiserQuery = z.object({ company_name: z.string().trim().max(200).default('') });

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
  };
}
