/** The reply envelope of every JSON call (DESIGN §4): status, data, message and field errors. */
import { z } from 'zod';

export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export interface Envelope<T> {
  status: 'ok' | 'error';
  data: T;
  message: string | null;
  errors: FieldErrors;
  code?: string;
}

/** Error codes the client branches on. */
const ERROR_CODES = [
  'not_found',
  'bad_request',
  'validation_failed',
  'unauthorized',
  'token_expired',
  'forbidden',
  'not_in_good_standing',
  'conflict',
  'too_large',
  'rate_limited',
  'internal',
  'user_not_found',
  'email_required',
  'invalid_credentials',
  'user_exists',
  'refresh_token_invalid',
  'confirm_required',
  'code_invalid',
  'code_expired',
  'delivery_failed',
  'token_invalid',
  'sms_required',
  /** A dependency (the database) is away for a moment: retry after Retry-After seconds. */
  'unavailable',
  /** The server's disk is full or read-only: the upload can be tried again later. */
  'no_space',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A success reply exactly: what the contract checks a call's reply against (decisions/0254). */
export const okEnvelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.literal('ok'),
    data,
    message: z.string().nullable(),
    errors: fieldErrorsSchema,
  });

/** An error reply: no data, a Russian message, per-field notes and a code the client may branch on. */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  data: z.null(),
  message: z.string().nullable(),
  errors: fieldErrorsSchema,
  code: z.enum(ERROR_CODES).optional(),
});
