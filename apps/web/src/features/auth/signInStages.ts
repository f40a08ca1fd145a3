/** The stages of the sign-in screen (spec 3 §2.2); the page picks one from the `stage` query. */
export const SIGN_IN_STAGES = [
  'email',
  'restore',
  'phone',
  'sms',
  'noEmail',
  'fillEmail',
  'fillPassword',
  'fillName',
  'fillSMS',
  'phoneSMS',
] as const;
export type SignInStage = (typeof SIGN_IN_STAGES)[number];

/** The stage a `stage` query value names; anything unknown is the e-mail stage. */
export function signInStageOf(value: string | null): SignInStage {
  return (SIGN_IN_STAGES as readonly string[]).includes(value ?? '') ? (value as SignInStage) : 'email';
}
