/** A policy's answer: allowed, or refused with an HTTP status and a Russian message. */
import { AppError } from './errors.ts';

export type Verdict = { ok: true } | { ok: false; httpStatus: 403 | 409 | 422; message: string };

export const allow: Verdict = { ok: true };

export const refuse = (httpStatus: 403 | 409 | 422, message: string): Verdict => ({
  ok: false,
  httpStatus,
  message,
});

const CODES = { 403: 'forbidden', 409: 'conflict', 422: 'validation_failed' } as const;

/** Throws the refusal as an AppError (the envelope's message and code); does nothing when allowed. */
export function enforce(verdict: Verdict): void {
  if (verdict.ok) return;
  throw new AppError(verdict.httpStatus, CODES[verdict.httpStatus], verdict.message);
}
