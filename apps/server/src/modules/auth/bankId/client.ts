/**
 * The OpenID Connect client of the bank-identity sign-in (openid-client): discovery once, the authorization
 * URL with state, nonce and PKCE (S256), and the code exchange that checks all three and the ID token.
 */
import * as oidc from 'openid-client';
import type { Config } from '../../../config.ts';
import type { PendingBankIdSignIn } from './cookie.ts';

export interface BankIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export class BankIdClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: NonNullable<Config['oidc']>,
    readonly redirectUri: string,
  ) {}

  private discover(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        undefined,
        oidc.ClientSecretBasic(this.settings.clientSecret),
        // Plain http is refused in production by config.ts; outside it a local provider may use it.
        this.settings.issuer.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        this.configuration = null;
        throw error;
      });
    return this.configuration;
  }

  async start(): Promise<{ url: URL; pending: PendingBankIdSignIn }> {
    const config = await this.discover();
    const pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email',
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
    });
    return { url, pending };
  }

  /** `callbackUrl` is the callback as the provider called it (our PUBLIC_URL address with its query). */
  async finish(callbackUrl: URL, pending: PendingBankIdSignIn): Promise<BankIdentity> {
    const config = await this.discover();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error('ID token without a subject');
    let email = typeof claims.email === 'string' ? claims.email : null;
    let verified = claims.email_verified === true;
    if (!email) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = typeof info.email === 'string' ? info.email : null;
      verified = info.email_verified === true;
    }
    return { subject: claims.sub, email, emailVerified: verified };
  }
}
