/** What the account calls need from the application context, named once. */
import type { AppContext } from '../../../appContext.ts';
import { type CodeDeps, codeKey } from '../codes.service.ts';
import { SignInGuard } from '../credentials/signInGuard.ts';
import type { SessionDeps } from '../session/sessions.ts';

export interface AccountDeps extends SessionDeps, CodeDeps {
  /** Per-account throttling of password checks and the demo password rule (signInGuard.ts). */
  signIn: SignInGuard;
  publicUrl: string;
  supportEmail: string;
  /** SIGN_IN_SMS=required: e-mail and password alone do not sign in. */
  smsRequired: boolean;
}

export function accountDeps(ctx: AppContext): AccountDeps {
  return {
    db: ctx.db,
    tokens: ctx.tokens,
    refreshTtlDays: ctx.config.refreshTokenTtlDays,
    now: ctx.now,
    access: ctx.access,
    notifier: ctx.notifier,
    codeKey: codeKey(ctx.config.jwtSecret),
    smsResendSeconds: ctx.config.smsResendSeconds,
    signIn: new SignInGuard(ctx.counters, ctx.config.exposed),
    publicUrl: ctx.config.publicUrl.replace(/\/+$/, ''),
    supportEmail: ctx.config.supportEmail,
    smsRequired: ctx.config.signInSms === 'required',
  };
}
