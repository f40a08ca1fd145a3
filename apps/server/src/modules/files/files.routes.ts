/**
 * Served files (docs/decisions/0030-file-storage.md): company logos are public (the landing page shows them);
 * avatars are for the user, colleagues and administrators; accreditation documents for the company's users
 * and administrators. Anyone else gets 404, as if the file did not exist.
 */
import { companyIdParams, documentIdParams, userIdParams } from '@etp/contracts';
import { FILE_CONTENT_TYPES, type FileFormat } from '@etp/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { notFound } from '../../http/errors.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { authOf, isAdmin } from '../auth/guards/routeGuards.ts';
import { findAvatarKey, findCompanyDocument, findLogoKey, shareCompany } from './files.queries.ts';
import { downloadName } from './files.service.ts';

const FILE_NOT_FOUND = 'Файл не найден';

export function filesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const storage = storageOf(ctx);

  async function send(reply: FastifyReply, key: string | null, cache: string, fileName?: string) {
    const bytes = key ? await storage.get(key) : null;
    if (!key || !bytes) throw notFound(FILE_NOT_FOUND);
    const format = key.split('.').pop() as FileFormat;
    reply.header('content-type', FILE_CONTENT_TYPES[format] ?? 'application/octet-stream');
    reply.header('cache-control', cache);
    if (fileName) {
      // The extension follows the content (a PDF named "устав.html" downloads as "устав.pdf").
      const name = downloadName(fileName, format);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`);
    }
    return reply.send(bytes);
  }

  return async (app) => {
    app.get(
      '/api/v1/files/company_logos/:companyId',
      { schema: { params: companyIdParams } },
      async (request, reply) =>
        send(reply, await findLogoKey(ctx.db, request.params.companyId), 'public, max-age=300'),
    );

    app.get(
      '/api/v1/files/avatars/:userId',
      { onRequest: ctx.guards.user, schema: { params: userIdParams } },
      async (request, reply) => {
        const auth = authOf(request);
        const { userId } = request.params;
        const allowed =
          auth.user.id === userId || isAdmin(auth) || (await shareCompany(ctx.db, auth.user.id, userId));
        if (!allowed) throw notFound(FILE_NOT_FOUND);
        return send(reply, await findAvatarKey(ctx.db, userId), 'private, max-age=300');
      },
    );

    app.get(
      '/api/v1/files/company_documents/:documentId',
      { onRequest: ctx.guards.user, schema: { params: documentIdParams } },
      async (request, reply) => {
        const auth = authOf(request);
        const document = await findCompanyDocument(ctx.db, request.params.documentId);
        const member = auth.memberships.some((m) => m.company.id === document?.companyId);
        if (!document || !(member || isAdmin(auth))) throw notFound(FILE_NOT_FOUND);
        return send(reply, document.storageKey, 'private, no-store', `${document.name}`);
      },
    );
  };
}
