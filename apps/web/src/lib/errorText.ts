import { ApiError } from '../api/ApiError.ts';

/**
 * The text to show for a failed call: the server's own message when it refused the request (4xx) or could not
 * be reached, else the screen's fallback ('Не удалось … Попробуйте позднее.', spec 3 §8).
 */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && error.status < 500 ? error.message : fallback;
}

/** The server's message for one field of a failed call, if it sent one. */
export function fieldErrorText(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fieldMessage(field) : undefined;
}

/** Whether the call failed because the server was not reached or broke (then a toast says so too). */
export function isServerTrouble(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}
