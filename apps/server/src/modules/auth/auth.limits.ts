/**
 * Rate limits of the auth calls. Password and code checks get a thirtieth of the general per-minute budget;
 * every call that sends an SMS or an e-mail also draws on one shared hourly budget per client address
 * (CODES_PER_ADDRESS_PER_HOUR), on top of the per-phone and per-address limits of codes.service.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../appContext.ts';
import { AppError } from '../../http/errors.ts';
import { AUTH_MESSAGES } from './auth.messages.ts';

export interface AuthLimits {
  /** Route config: a tight per-minute limit against guessing. */
  strict: { rateLimit: { max: number; timeWindow: string } };
  /** onRequest hook of the calls that send a message. */
  messages: (request: FastifyRequest) => Promise<void>;
}

export function createAuthLimits(app: FastifyInstance, ctx: AppContext): AuthLimits {
  const limiter = app.createRateLimit({
    max: ctx.config.codesPerAddressPerHour,
    timeWindow: '1 hour',
    keyGenerator: (request) => request.ip,
  });
  return {
    strict: {
      rateLimit: {
        max: Math.max(20, Math.floor(ctx.config.rateLimitPerMinute / 30)),
        timeWindow: '1 minute',
      },
    },
    messages: async (request) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new AppError(429, 'rate_limited', AUTH_MESSAGES.tooManyCodesFromAddress);
      }
    },
  };
}
