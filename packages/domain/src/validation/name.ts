/** First and last names (spec 3 §5): Cyrillic letters, hyphen, apostrophe and spaces; not the field's own label. */
import { VALIDATION_MESSAGES as M } from './messages.ts';

const NAME_RE = /^[А-Яа-яЁё\s'’-]+$/;
const PLACEHOLDER_WORDS = new Set(['фамилия', 'имя', 'отчество', 'фио']);

export const NAME_MAX_LENGTH = 100;

export function validateName(value: string | null | undefined): string | null {
  const name = (value ?? '').trim();
  if (name === '') return M.nameRequired;
  if (!NAME_RE.test(name) || name.length > NAME_MAX_LENGTH) return M.nameCyrillic;
  if (PLACEHOLDER_WORDS.has(name.toLowerCase().replaceAll('ё', 'е'))) return M.namePlaceholder;
  return null;
}
