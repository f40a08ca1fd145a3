/** Legal-form prefixes that say nothing about a company and make poor initials. */
const LEGAL_FORMS = new Set([
  'ООО',
  'АО',
  'ПАО',
  'ЗАО',
  'ОАО',
  'НАО',
  'ИП',
  'МФК',
  'МКК',
  'ООО МФК',
  'ООО МКК',
]);

/** Up to two initials of a company name for an avatar without a logo: 'ООО «Альфа Коллект»' → 'АК'. */
export function companyInitials(name: string): string {
  const words = name
    .replace(/[«»"'“”„()]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !LEGAL_FORMS.has(word.toUpperCase()));
  const letters = words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return letters || name.trim().charAt(0).toUpperCase() || '?';
}
