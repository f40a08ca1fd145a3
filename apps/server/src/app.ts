/**
 * Builds the Fastify application: plugins, error mapping, every route module and the web app. Used by
 * main.ts and by the tests (with `app.inject`), so what the tests exercise is what runs.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from './appContext.ts';
import { fastifyTrustProxy } from './http/clientAddress.ts';
import { RedisCounters } from './http/counters.ts';
import { fail } from './http/envelope.ts';
import { registerErrorHandling } from './http/errorHandler.ts';
import { BODY_LIMIT_BYTES, FILE_LIMIT_BYTES, MESSAGES } from './http/errors.ts';
import { registerIdBounds } from './http/idBounds.ts';
import { OfflineReads, registerOfflineReads } from './http/offlineReads.ts';
import { registerOpenApi } from './http/openapi.ts';
import { countersStore, requestBucket } from './http/rateLimits.ts';
import { registerReplyCheck } from './http/replyCheck.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { adminUsersRoutes } from './modules/adminUsers/adminUsers.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { bankIdRoutes } from './modules/auth/bankId.routes.ts';
import { batchAutobidsRoutes } from './modules/batchAutobids/batchAutobids.routes.ts';
import { bidsRoutes } from './modules/bids/bids.routes.ts';
import { briefcasesRoutes } from './modules/briefcases/briefcases.routes.ts';
import { accreditationRoutes } from './modules/companies/accreditation.routes.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { companyRoutes } from './modules/companies/company.routes.ts';
import { employeesRoutes } from './modules/companies/employees.routes.ts';
import { dealAgreementRoutes } from './modules/deals/agreement/agreement.routes.ts';
import { dealsRoutes } from './modules/deals/deals.routes.ts';
import { dealRegistryRoutes } from './modules/deals/registry/dealRegistry.routes.ts';
import { documentsRoutes } from './modules/documents/documents.routes.ts';
import { downloadLinksRoutes } from './modules/documents/downloadLinks.routes.ts';
import { isSpecDownloadUrl } from './modules/documents/downloadLinks.service.ts';
import { reportsRoutes } from './modules/documents/reports.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { faqRoutes } from './modules/faq/faq.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { forecastRoutes } from './modules/forecast/forecast.routes.ts';
import { lotingsRoutes } from './modules/lotings/lotings.routes.ts';
import { lotStreamSnapshot } from './modules/lots/lots.live.ts';
import { lotsRoutes } from './modules/lots/lots.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { monitoringRoutes } from './modules/monitoring/monitoring.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { publicRoutes } from './modules/public/public.routes.ts';
import { registriesRoutes } from './modules/registries/registries.routes.ts';
import { roundsRoutes } from './modules/rounds/rounds.routes.ts';
import { statisticsRoutes } from './modules/statistics/statistics.routes.ts';
import { surveysRoutes } from './modules/surveys/surveys.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { testHooksRoutes } from './modules/testHooks/testHooks.routes.ts';
import { userRoutes } from './modules/user/user.routes.ts';
import { companyListsRoutes } from './modules/wizard/companyLists.routes.ts';
import { wizardDocumentsRoutes } from './modules/wizard/wizardDocuments.routes.ts';
import { closeNodeState } from './nodeState.ts';
import { outboxOpen } from './notify/createNotifier.ts';
import { devOutboxRoutes } from './notify/devOutbox.routes.ts';
import { LiveHub } from './realtime/hub.ts';
import { authorizeChannel, LiveOutage, liveRoutes } from './realtime/live.routes.ts';

z.config(z.locales.ru());

/** The version of the open API's document (decisions/0126). */
const API_VERSION = '1.0.0';

const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

export interface BuildAppOptions {
  /** Pino options, or false to keep tests quiet. */
  logger?: boolean | object;
  /** Told of every route as it is registered (the access-matrix test lists them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // The client's address is the socket's, unless TRUST_PROXY names the proxies in front (http/clientAddress.ts).
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    // A request that does not arrive whole in time is cut (408): slow senders cannot hold sockets forever.
    requestTimeout: ctx.config.requestTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  ctx.notifier.attachLogger?.(app.log);
  if (ctx.counters instanceof RedisCounters) ctx.counters.attachLogger(app.log);

  // Signed-in procedure and lot reads remembered per session, answered from memory while the database is away.
  const offlineReads = new OfflineReads({ bus: ctx.bus, tokens: ctx.tokens, now: ctx.now });
  registerErrorHandling(app, offlineReads);
  registerOfflineReads(app, offlineReads);
  registerSecurityHeaders(app);
  registerIdBounds(app);
  await app.register(rateLimit, {
    max: ctx.config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Calls are limited, not the web app's files (the spec's download paths are calls); a signed-in client is
    // counted by its token, so colleagues behind one office address do not share a budget.
    allowList: (request) => !request.url.startsWith('/api/') && !isSpecDownloadUrl(request.url),
    keyGenerator: requestBucket(ctx.tokens, ctx.now),
    store: countersStore(ctx.counters),
    errorResponseBuilder: () => ({ statusCode: 429, ...fail(MESSAGES.rateLimited, 'rate_limited') }),
  });

  // Before every route: the document is made from the routes as they are registered.
  await registerOpenApi(app, API_VERSION);
  if (ctx.config.checkReplies) registerReplyCheck(app);
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Multipart forms (profile, company, uploads): each call narrows these limits to its own files.
  await app.register(multipart, {
    limits: { fileSize: FILE_LIMIT_BYTES, files: 10, fields: 300, fieldSize: 64 * 1024, parts: 400 },
  });
  const hub = new LiveHub({
    bus: ctx.bus,
    authenticate: (token) => ctx.guards.authenticateToken(token),
    authorize: (auth, channel, briefcaseId) => authorizeChannel(ctx, auth, channel, briefcaseId),
    now: () => ctx.now().getTime(),
    snapshot: (channels) => lotStreamSnapshot(ctx, ctx.leaderTag, channels),
  });
  app.decorate('liveHub', hub);
  app.addHook('onClose', async () => {
    hub.close();
    closeNodeState(ctx.node);
    await ctx.bus.close();
    await ctx.counters.close();
  });
  // Test hooks (NODE_ENV=test only): the journeys cut the live channel and move a lot's end (decisions/0143).
  const outage = ctx.config.env === 'test' ? new LiveOutage() : undefined;
  await app.register(liveRoutes(hub, outage));
  if (outage) await app.register(testHooksRoutes(ctx, outage));

  await app.register(systemRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(bankIdRoutes(ctx));
  await app.register(userRoutes(ctx));
  await app.register(briefcasesRoutes(ctx));
  await app.register(registriesRoutes(ctx));
  await app.register(lotingsRoutes(ctx));
  await app.register(companiesRoutes(ctx));
  await app.register(auditRoutes(ctx));
  await app.register(lotsRoutes(ctx));
  await app.register(bidsRoutes(ctx));
  await app.register(moderationRoutes(ctx));
  await app.register(wizardDocumentsRoutes(ctx));
  await app.register(companyListsRoutes(ctx));
  await app.register(roundsRoutes(ctx));
  await app.register(dealsRoutes(ctx));
  await app.register(dealAgreementRoutes(ctx));
  await app.register(dealRegistryRoutes(ctx));
  await app.register(statisticsRoutes(ctx));
  await app.register(monitoringRoutes(ctx));
  await app.register(faqRoutes(ctx));
  await app.register(adminUsersRoutes(ctx));
  await app.register(batchAutobidsRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(companyRoutes(ctx));
  await app.register(accreditationRoutes(ctx));
  await app.register(employeesRoutes(ctx));
  await app.register(eventsRoutes(ctx));
  await app.register(surveysRoutes(ctx));
  await app.register(publicRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(documentsRoutes(ctx));
  await app.register(reportsRoutes(ctx));
  await app.register(downloadLinksRoutes(ctx));
  await app.register(forecastRoutes(ctx));
  if (outboxOpen(ctx.config)) await app.register(devOutboxRoutes(ctx));

  await registerWebApp(app, ctx.config.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}

/**
 * Serves the built web app when it exists. Unknown API paths answer 404 in the envelope; any other GET
 * falls back to index.html so that client routes open directly.
 */
async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const built = existsSync(join(distDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, { root: distDir, index: false });
    // The static plugin refuses a directory without an index; the landing page is the web app's index.
    app.get('/', (_request, reply) => reply.type('text/html').sendFile('index.html', distDir, { maxAge: 0 }));
  } else {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build`');
  }
  app.setNotFoundHandler((request, reply) => {
    const apiLike = /^\/(api|time|health|ws|dev)(\/|$|\?)/.test(request.url);
    if (!built || request.method !== 'GET' || apiLike) {
      return reply.code(404).send(fail(MESSAGES.routeNotFound, 'not_found'));
    }
    return reply.type('text/html').sendFile('index.html', distDir, { maxAge: 0 });
  });
}
