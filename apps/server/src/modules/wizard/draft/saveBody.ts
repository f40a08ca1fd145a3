/**
 * The save body as the spec names it (spec 1 §3, §7) folded into ours before it is validated: the wrapped form
 * `{briefcase: {...}}` and the fields beside it become one flat body, the spec's names become ours, and briefcase_id
 * is checked against the path's id and dropped. A field given twice with different values (an alias and our name,
 * inside and beside the wrapper) is refused with 422 naming it; unknown keys are left for the schema to refuse
 * (decisions/0253).
 */
import { isDeepStrictEqual } from 'node:util';
import { BRIEFCASE_SAVE_ALIASES, dbId, dbIdNumber } from '@etp/contracts';
import { validationFailed } from '../../../http/errors.ts';
import { WIZARD_MESSAGES as M } from '../wizard.messages.ts';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ALIASES: Record<string, string> = BRIEFCASE_SAVE_ALIASES;

export function foldSaveBody(body: unknown, pathId: unknown): unknown {
  if (!isFields(body)) return body;
  const { briefcase, ...beside } = body;
  // A wrapper that is not an object is left for the schema to refuse.
  if (briefcase !== undefined && !isFields(briefcase)) return body;
  const folded: Fields = {};
  const sentAs: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  const parts: [string, Fields][] = [
    ['briefcase.', briefcase ?? {}],
    ['', beside],
  ];
  for (const [prefix, part] of parts) {
    for (const [key, value] of Object.entries(part)) {
      const name = ALIASES[key] ?? key;
      if (name in folded && !isDeepStrictEqual(folded[name], value)) {
        errors[name] = [`${M.fieldTwice}: ${sentAs[name]}, ${prefix}${key}`];
      } else {
        folded[name] = value;
        sentAs[name] = `${prefix}${key}`;
      }
    }
  }
  if ('briefcase_id' in folded) {
    const sent = dbIdNumber.safeParse(folded.briefcase_id);
    const path = dbId.safeParse(pathId);
    // An invalid briefcase_id is left for the schema; an invalid path id is refused by the params schema.
    if (sent.success && path.success) {
      if (sent.data !== path.data) errors.briefcase_id = [M.idMismatch];
      else delete folded.briefcase_id;
    }
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return folded;
}
