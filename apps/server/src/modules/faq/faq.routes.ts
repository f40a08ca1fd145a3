/**
 * The FAQ tab's calls (spec 2 §7; decisions/0115): GET and POST /api/v1/briefcases/{id}/questions, PUT and
 * DELETE /api/v1/briefcases/{id}/questions/{qid}, and the attached document of an answer.
 */
import {
  FAQ_MESSAGES,
  idParams,
  questionCreateFields,
  questionCreateQuery,
  questionParams,
  questionsQuery,
  questionUpdateFields,
} from '@etp/contracts';
import { FILE_CONTENT_TYPES, type FileFormat, QUESTION_DOCUMENT_MAX_BYTES } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { ok } from '../../http/envelope.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { type FormLimits, parseFields, readForm } from '../../http/form.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { authOf } from '../auth/guards/routeGuards.ts';
import { downloadName } from '../files/files.service.ts';
import { FAQ_TEXTS as T } from './faq.messages.ts';
import {
  addQuestion,
  askQuestion,
  editQuestion,
  faqAccess,
  questionDocument,
  questionsPage,
  removeQuestion,
  requireAsker,
  requireManager,
} from './faq.service.ts';

const WITH_DOCUMENT: FormLimits = {
  files: { attached_document: { maxBytes: QUESTION_DOCUMENT_MAX_BYTES, message: T.documentTooLarge } },
  maxFiles: 1,
};

export function faqRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/briefcases/:id/questions',
      { preHandler: ctx.guards.user, schema: { params: idParams, querystring: questionsQuery } },
      async (request) => {
        const access = await faqAccess(ctx, authOf(request), request.params.id);
        return ok(await questionsPage(ctx, access, request.query.page, request.query.per_page));
      },
    );

    app.post(
      '/api/v1/briefcases/:id/questions',
      { preHandler: ctx.guards.user, schema: { params: idParams, querystring: questionCreateQuery } },
      async (request) => {
        const auth = authOf(request);
        const access = await faqAccess(ctx, auth, request.params.id);
        // Who may ask or add is decided before the body is read.
        requireAsker(access);
        const manager = access.viewer.admin;
        // A participant sends the title alone: documents come with answers, which are the administrator's.
        if (!manager && request.isMultipart()) throw forbidden(T.adminOnly);
        const form = await readForm(request, WITH_DOCUMENT);
        const fields = parseFields(questionCreateFields, {
          ...form.fields,
          title: form.fields.title ?? request.query.title,
        });
        if (!manager) {
          if (fields.answer !== undefined || fields.status !== undefined) throw forbidden(T.adminOnly);
          return ok(await askQuestion(ctx, auth, access, fields.title), FAQ_MESSAGES.sent);
        }
        const question = await addQuestion(ctx, auth, access, {
          ...fields,
          document: form.files.find((f) => f.path[0] === 'attached_document'),
        });
        return ok(question, FAQ_MESSAGES.added);
      },
    );

    app.put(
      '/api/v1/briefcases/:id/questions/:qid',
      { preHandler: ctx.guards.user, schema: { params: questionParams } },
      async (request) => {
        const auth = authOf(request);
        const access = await faqAccess(ctx, auth, request.params.id);
        requireManager(access);
        const form = await readForm(request, WITH_DOCUMENT);
        const fields = parseFields(questionUpdateFields, form.fields);
        const question = await editQuestion(ctx, auth, access, request.params.qid, {
          title: fields.title,
          answer: fields.answer,
          status: fields.status,
          removeDocument: fields.remove_attached_document,
          document: form.files.find((f) => f.path[0] === 'attached_document'),
        });
        return ok(question, FAQ_MESSAGES.edited);
      },
    );

    app.delete(
      '/api/v1/briefcases/:id/questions/:qid',
      { preHandler: ctx.guards.user, schema: { params: questionParams } },
      async (request) => {
        const access = await faqAccess(ctx, authOf(request), request.params.id);
        await removeQuestion(ctx, access, request.params.qid);
        return ok(null, FAQ_MESSAGES.deleted);
      },
    );

    app.get(
      '/api/v1/briefcases/:id/questions/:qid/attached_document',
      { preHandler: ctx.guards.user, schema: { params: questionParams } },
      async (request, reply) => {
        const access = await faqAccess(ctx, authOf(request), request.params.id);
        const document = await questionDocument(ctx, access, request.params.qid);
        const bytes = await storageOf(ctx).get(document.storageKey);
        if (!bytes) throw notFound(T.documentNotFound);
        const format = document.extension as FileFormat;
        const name = downloadName(document.name, format);
        return reply
          .header('content-type', FILE_CONTENT_TYPES[format] ?? 'application/octet-stream')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
          .send(bytes);
      },
    );
  };
}
