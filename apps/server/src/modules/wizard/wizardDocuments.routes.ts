/** POST /api/v1/documents.json and DELETE /api/v1/documents/{id}: the wizard's step-3 documents (spec 1 §7). */
import { documentUploadFields, idParams } from '@etp/contracts';
import { DOCUMENT_UPLOAD_MESSAGES as D, PROCEDURE_DOCUMENT_LIMITS } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { parseFields, readForm } from '../../http/form.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { WIZARD_DOCUMENT_TEXTS as T } from './wizard.messages.ts';
import { deleteWizardDocumentById, uploadWizardDocument } from './wizardDocuments.service.ts';

export function wizardDocumentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/v1/documents.json', { onRequest: ctx.guards.user }, async (request) => {
      const form = await readForm(request, {
        files: {
          file: {
            maxBytes: PROCEDURE_DOCUMENT_LIMITS.maxBytes,
            message: D.tooLarge(PROCEDURE_DOCUMENT_LIMITS.maxMb),
          },
        },
        maxFiles: 1,
      });
      const fields = parseFields(documentUploadFields, form.fields);
      const document = await uploadWizardDocument(ctx, authOf(request), {
        briefcaseId: fields.briefcase_id,
        kind: fields.kind,
        file: form.files.find((f) => f.path[0] === 'file'),
      });
      return ok(document, T.uploaded);
    });

    app.delete(
      '/api/v1/documents/:id',
      { onRequest: ctx.guards.user, schema: { params: idParams } },
      async (request) => {
        await deleteWizardDocumentById(ctx, authOf(request), request.params.id);
        return ok(null, T.deleted);
      },
    );
  };
}
