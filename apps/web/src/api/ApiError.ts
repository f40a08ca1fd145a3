import type { FieldErrors } from '@etp/contracts';

/** A failed call: the HTTP status (0 when the server was not reached), the server's code, message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldErrors;

  constructor(status: number, code: string, message: string, errors: FieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }

  /** The first message for a field, if the server sent one. */
  fieldMessage(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export const NETWORK_ERROR_MESSAGE = 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';
export const GENERIC_ERROR_MESSAGE = 'Что-то пошло не так. Попробуйте обновить страницу.';
