/**
 * Every id a call takes, bounded in one place. The routes' schemas use the shared `dbId` of @etp/contracts; this
 * hook is the net under them, for the calls that read a form or a multipart field by hand: before validation it
 * looks at the path, the query and the JSON body for id-named fields (`id`, `…_id`, `…Id`, `…_ids`, `ids[]`) and
 * refuses a whole number the database's integer cannot hold with 422 and a Russian message, so no such number
 * reaches a query (where it answered 500 and logged the SQL).
 */
import { DB_ID_MAX, ID_MESSAGE } from '@etp/contracts';
import type { FastifyInstance } from 'fastify';
import { validationFailed } from './errors.ts';

const ID_KEY = /^(id|ids|.+_id|.+_ids|.+Id|.+Ids)(\[\])?$/;
const MAX_DEPTH = 4;
const MAX_ITEMS = 2_000;

/**
 * The first id-named field holding a number out of the database's range, as a path ("lot_id", "items.3.id"). Every
 * call passes here, so it walks the values without building entry lists or paths it does not report.
 */
function idOutOfRange(value: unknown, path = '', depth = 0): string | null {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    // A list's places are not id-named: only what is inside them is looked at.
    const n = Math.min(value.length, MAX_ITEMS);
    for (let i = 0; i < n; i++) {
      const item: unknown = value[i];
      if (item === null || typeof item !== 'object') continue;
      const nested = idOutOfRange(item, path ? `${path}.${i}` : String(i), depth + 1);
      if (nested) return nested;
    }
    return null;
  }
  let seen = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (seen++ >= MAX_ITEMS) break;
    const item = (value as Record<string, unknown>)[key];
    if (ID_KEY.test(key) && tooBig(item)) return (path ? `${path}.${key}` : key).replace(/\[\]$/, '');
    if (item === null || typeof item !== 'object') continue;
    const nested = idOutOfRange(item, path ? `${path}.${key}` : key, depth + 1);
    if (nested) return nested;
  }
  return null;
}

/** A whole number (or a list of them) beyond the integer range; anything else is the route schema's to judge. */
function tooBig(value: unknown): boolean {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).some(tooBig);
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)
        ? Number(value)
        : null;
  return number !== null && Number.isInteger(number) && (number > DB_ID_MAX || number < -DB_ID_MAX);
}

export function registerIdBounds(app: FastifyInstance): void {
  // A callback hook, not an async one: every call passes here, and a promise per call is work for nothing.
  app.addHook('preValidation', (request, _reply, done) => {
    const field =
      idOutOfRange(request.params) ?? idOutOfRange(request.query) ?? idOutOfRange(request.body ?? null);
    if (field) done(validationFailed({ [field]: [ID_MESSAGE] }, ID_MESSAGE) as never);
    else done();
  });
}
