/**
 * Rate limits of the auth calls. Password and code checks get a thirtieth of the general per-minute budget per
 * client address; every call that sends an SMS or an e-mail also draws on one shared hourly budget per client
 * address (CODES_PER_ADDRESS_PER_HOUR), on top of the per-phone and per-address limits of codes.service.ts, the
 * per-account sign-in guard (signInGuard.ts) and the platform's hourly ceiling of messages (notify/notifier.ts).
 * The address is the socket's (or what TRUST_PROXY's proxies vouch for): no header picks a fresh budget.
 */
import { HOUR_MS } from '@etp/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../appContext.ts';
import { AppError } from '../../../http/errors.ts';
import { clientKey } from '../../../http/rateLimits.ts';
import { AUTH_MESSAGES } from '../auth.messages.ts';

export interface AuthLimits {
  /** Route config: a tight per-minute limit against guessing. */
  strict: { rateLimit: { max: number; timeWindow: string } };
  /** onRequest hook of the calls that send a message. */
  messages: (request: FastifyRequest) => Promise<void>;
}

export function createAuthLimits(_app: FastifyInstance, ctx: AppContext): AuthLimits {
  return {
    strict: {
      rateLimit: {
        max: Math.max(20, Math.floor(ctx.config.rateLimitPerMinute / 30)),
        timeWindow: '1 minute',
      },
    },
    messages: async (request) => {
      const sent = await ctx.counters.hit(`messages:ip:${clientKey(request.ip)}`, HOUR_MS);
      if (sent.count > ctx.config.codesPerAddressPerHour) {
        throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyCodesFromAddress);
      }
    },
  };
}
