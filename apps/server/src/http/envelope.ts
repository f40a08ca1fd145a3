/** Builders of the reply envelope every JSON call answers with (DESIGN §4). */
import type { Envelope, ErrorCode, FieldErrors } from '@etp/contracts';

export function ok<T>(data: T, message: string | null = null): Envelope<T> {
  return { status: 'ok', data, message, errors: {} };
}

export function fail(message: string, code: ErrorCode, errors: FieldErrors = {}): Envelope<null> {
  return { status: 'error', data: null, message, errors, code };
}
