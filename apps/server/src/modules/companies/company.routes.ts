/** The user's company (spec 3 §7.2): GET /api/v1/company, and POST or PUT to save it for accreditation. */
import { companyFormFields } from '@etp/contracts';
import { accreditationSentMessage, COMPANY_DOCUMENT_MAX_BYTES, COMPANY_LOGO_MAX_BYTES } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden } from '../../http/errors.ts';
import { parseFields, readForm } from '../../http/form.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';
import { presentCompany } from './company.presenter.ts';
import { findCompanyDocuments } from './company.queries.ts';
import { saveCompany } from './company.service.ts';

export function companyRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/v1/company', { onRequest: ctx.guards.user }, async (request) => {
      const auth = authOf(request);
      if (!auth.company) return ok(null, T.noCompany);
      const docs = await findCompanyDocuments(ctx.db, auth.company.id);
      return ok(presentCompany(auth.company, docs, auth.owner));
    });

    for (const method of ['POST', 'PUT'] as const) {
      app.route({
        method,
        url: '/api/v1/company',
        onRequest: ctx.guards.user,
        handler: async (request) => {
          const auth = authOf(request);
          // Ownership first: a collaborator's upload is refused before it is read.
          if (auth.company && !auth.owner) throw forbidden(T.ownerOnly);
          const form = await readForm(request, {
            files: {
              logo: { maxBytes: COMPANY_LOGO_MAX_BYTES, message: T.logoTooLarge },
              documents_attributes: { maxBytes: COMPANY_DOCUMENT_MAX_BYTES, message: T.documentTooLarge },
            },
            maxFiles: 11,
            // spec 1 §5: documents at most 100 MB in total.
            maxTotalBytes: { bytes: 100 * 1024 * 1024, message: T.documentsTooLarge },
          });
          const fields = parseFields(companyFormFields, form.fields);
          const entries = fields.documents_attributes ?? [];
          const saved = await saveCompany(ctx, auth, {
            form: fields,
            logo: form.files.find((f) => f.path[0] === 'logo'),
            documents: form.files.filter(
              (f) => f.path[0] === 'documents_attributes' && f.path[f.path.length - 1] === 'file',
            ),
            destroyIds: entries.flatMap((e) => (e?._destroy && e.id ? [e.id] : [])),
          });
          const docs = await findCompanyDocuments(ctx.db, saved.id);
          return ok(presentCompany(saved, docs, true), accreditationSentMessage(saved.kind));
        },
      });
    }
  };
}
