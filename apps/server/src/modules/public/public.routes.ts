/**
 * The public landing page (spec 3 §2.7, §7.4; docs/decisions/0036-public-area.md): the schedule of procedures,
 * without signing in, and the call request, limited per client address and per phone.
 */
import { feedbackPhoneBody, type PublicBriefcase } from '@etp/contracts';
import { DAY_MS, HOUR_MS } from '@etp/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../appContext.ts';
import { isDatabaseUnavailable } from '../../db/availability.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { parseFields } from '../../http/form.ts';
import { clientKey } from '../../http/rateLimits.ts';
import { logoUrl } from '../companies/company.presenter.ts';
import { PUBLIC_TEXTS as T } from './public.messages.ts';
import { findSchedule, insertCallRequest, type ScheduleRow } from './public.queries.ts';

const SCHEDULE_UPCOMING = 10;
const SCHEDULE_ENDED = 6;
const SCHEDULE_ENDED_DAYS = 30;
const CALL_REQUESTS_PER_HOUR = 5;
/** How old a remembered schedule may be to stand in for the database. */
const SCHEDULE_STALE_MS = 10 * 60_000;

function present(row: ScheduleRow, nearestId: number | undefined): PublicBriefcase {
  return {
    id: row.id,
    attributes: {
      auction_type: row.auctionType,
      start_datetime: row.startDatetime?.toISOString() ?? null,
      status: row.status,
      nearest: row.id === nearestId,
      company: { name: row.companyName, logo_url: logoUrl({ id: row.companyId, logoKey: row.logoKey }) },
    },
  };
}

export function publicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The last schedule read: answered again while the database is away (decisions/0095), at most SCHEDULE_STALE_MS old.
    let last: { body: ReturnType<typeof ok<PublicBriefcase[]>>; at: number } | null = null;
    app.get('/api/v1/public_briefcases', async () => {
      const now = ctx.now();
      try {
        const { active, upcoming, ended } = await findSchedule(ctx.db, now, {
          upcoming: SCHEDULE_UPCOMING,
          ended: SCHEDULE_ENDED,
          endedSince: new Date(now.getTime() - SCHEDULE_ENDED_DAYS * DAY_MS),
        });
        const nearestId = upcoming[0]?.id;
        const rows = [...ended.reverse(), ...active, ...upcoming];
        last = { body: ok(rows.map((row) => present(row, nearestId))), at: Date.now() };
        return last.body;
      } catch (error) {
        if (last && Date.now() - last.at < SCHEDULE_STALE_MS && isDatabaseUnavailable(error))
          return last.body;
        throw error;
      }
    });

    app.post(
      '/api/v1/feedback/phone',
      {
        config: {
          rateLimit: {
            max: CALL_REQUESTS_PER_HOUR,
            timeWindow: '1 hour',
            keyGenerator: (request) => `feedback:${clientKey(request.ip)}`,
            errorResponseBuilder: () => new AppError(429, 'rate_limited', T.tooManyCallRequests),
          },
        },
      },
      async (request) => {
        // The spec sends the fields in the query; a body is taken too.
        const fields = parseFields(feedbackPhoneBody, {
          ...(request.query as object),
          ...(typeof request.body === 'object' ? request.body : {}),
        });
        // Per phone too: from many addresses, one number is not asked to be called more often.
        const asked = await ctx.counters.hit(`feedback:phone:${fields.phone}`, HOUR_MS);
        if (asked.count > CALL_REQUESTS_PER_HOUR)
          throw new AppError(429, 'rate_limited', T.tooManyCallRequests);
        await insertCallRequest(ctx.db, {
          fullName: fields.full_name,
          phone: fields.phone,
          mode: fields.mode ?? null,
          policyAgreement: true,
          createdAt: ctx.now(),
        });
        const mode = fields.mode ? T.modes[fields.mode] : T.noMode;
        await ctx.notifier.email(
          ctx.config.supportEmail,
          T.operatorMailSubject,
          T.operatorMail(fields.full_name, fields.phone, mode),
        );
        return ok(null, `${T.callRequested}. ${T.callRequestedHint}`);
      },
    );
  };
}
