/** The sign-in e-mail rule (spec 3 §5): something@domain.tld, no spaces, at least 2 characters after the dot. */
export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value.trim());
}
