/** GET /api/v1/admin/audit/verify: the administrator checks the tamper-evident log. */
import { auditVerifyQuery } from '@etp/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { verifyAudit } from './audit.service.ts';

export function auditRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/admin/audit/verify',
      { preHandler: ctx.guards.admin, schema: { querystring: auditVerifyQuery } },
      async (request) => {
        const chains = await verifyAudit(ctx.db, request.query.briefcase_id);
        const broken = chains.filter((c) => !c.verdict.ok);
        return ok({ ok: broken.length === 0, chains }, broken.length ? 'Журнал нарушен' : 'Журнал цел');
      },
    );
  };
}
