/** The administrator's accreditation queue (docs/decisions/0032-company-and-accreditation.md). */
import { adminCompaniesQuery, approveCompanyBody, idParams, rejectCompanyBody } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { countCompanies, findCompaniesPage } from './accreditation.queries.ts';
import { approveCompany, rejectCompany } from './accreditation.service.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';
import { presentCompany } from './company.presenter.ts';
import { findCompany, findCompanyDocuments } from './company.queries.ts';
import { presentEmployee } from './employees.presenter.ts';
import { findEmployees } from './employees.queries.ts';

export function accreditationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  async function detail(id: number) {
    const company = await findCompany(ctx.db, id);
    if (!company) throw notFound(T.companyNotFound);
    const [docs, employees] = await Promise.all([
      findCompanyDocuments(ctx.db, id),
      findEmployees(ctx.db, id),
    ]);
    return { ...presentCompany(company, docs, false), employees: employees.map(presentEmployee) };
  }

  return async (app) => {
    const admin = { onRequest: ctx.guards.admin };

    app.get(
      '/api/v1/admin/companies',
      { ...admin, schema: { querystring: adminCompaniesQuery } },
      async (request) => {
        const { status, page, per_page } = request.query;
        const [rows, total] = await Promise.all([
          findCompaniesPage(ctx.db, status, per_page, (page - 1) * per_page),
          countCompanies(ctx.db, status),
        ]);
        return ok({
          collection: rows.map(({ company, documentsCount }) => ({
            id: company.id,
            kind: company.kind,
            name: company.name,
            inn: company.inn,
            accreditation_status: company.accreditationStatus,
            accreditation_requested_at: company.accreditationRequestedAt?.toISOString() ?? null,
            good_standing: company.goodStanding,
            documents_count: documentsCount,
          })),
          count: total,
          total_pages: Math.ceil(total / per_page),
        });
      },
    );

    app.get('/api/v1/admin/companies/:id', { ...admin, schema: { params: idParams } }, async (request) =>
      ok(await detail(request.params.id)),
    );

    app.post(
      '/api/v1/admin/companies/:id/approve',
      { ...admin, schema: { params: idParams, body: approveCompanyBody } },
      async (request) => {
        const row = await approveCompany(ctx, authOf(request), request.params.id, request.body);
        await ctx.access.changed({ companies: [row.id] });
        return ok(await detail(row.id), T.approved(row.name));
      },
    );

    app.post(
      '/api/v1/admin/companies/:id/reject',
      { ...admin, schema: { params: idParams, body: rejectCompanyBody } },
      async (request) => {
        const row = await rejectCompany(ctx, authOf(request), request.params.id, request.body.reason);
        // Loss of accreditation ends the company's live access at once (decision 0067).
        await ctx.access.changed({ companies: [row.id] });
        return ok(await detail(row.id), T.rejected(row.name));
      },
    );
  };
}
