/** Application errors: an HTTP status, a Russian message, optional field errors and a machine code. */
import type { ErrorCode, FieldErrors } from '@etp/contracts';

/** A request body other than a multipart form (JSON, a form without files): Fastify's `bodyLimit`. */
export const BODY_LIMIT_BYTES = 1_048_576;
/** The largest file a multipart form may carry (the registry's and documents' 100 MB); each call narrows it. */
export const FILE_LIMIT_BYTES = 100 * 1024 * 1024;
const mb = (bytes: number) => `${bytes / 1_048_576} МБ`;

export const MESSAGES = {
  notFound: 'Запрашиваемый ресурс не найден',
  routeNotFound: 'Страница или метод не найдены',
  badJson: 'Неверный формат JSON в теле запроса',
  validation: 'Проверьте правильность заполнения полей',
  unauthorized: 'Требуется вход в систему',
  tokenExpired: 'Срок действия сессии истёк, войдите снова',
  forbidden: 'Недостаточно прав для этого действия',
  notInGoodStanding: 'Доступно только аккредитованным компаниям. Пройдите аккредитацию в профиле.',
  /** Same wording as the file fields' limits ("Размер логотипа не должен превышать 5 МБ"), naming the limit. */
  tooLarge: `Размер запроса не должен превышать ${mb(BODY_LIMIT_BYTES)}: файлы отправляются формой с файлом`,
  fileTooLarge: `Размер файла не должен превышать ${mb(FILE_LIMIT_BYTES)}`,
  rateLimited: 'Слишком много запросов. Попробуйте позже.',
  internal: 'Что-то пошло не так. Попробуйте обновить страницу.',
  unsupportedMediaType: 'Неподдерживаемый формат запроса',
  unavailable: 'Сервис временно недоступен, повторите через несколько секунд',
} as const;

/**
 * An answer to the caller, not a fault: the error handler turns it into the envelope and never logs it, so it is
 * made without a stack trace. Capturing one was the largest single cost of refusing a stale bid (decisions/0267).
 */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly errors: FieldErrors;

  constructor(statusCode: number, code: ErrorCode, message: string, errors: FieldErrors = {}) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.statusCode = statusCode;
    this.code = code;
    this.errors = errors;
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'not_found', message);
export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new AppError(401, 'unauthorized', message);
export const tokenExpired = () => new AppError(401, 'token_expired', MESSAGES.tokenExpired);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError(403, 'forbidden', message);
export const notInGoodStanding = () => new AppError(403, 'not_in_good_standing', MESSAGES.notInGoodStanding);
export const validationFailed = (errors: FieldErrors, message: string = MESSAGES.validation) =>
  new AppError(422, 'validation_failed', message, errors);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
