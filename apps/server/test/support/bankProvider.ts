/**
 * A real OpenID provider (oidc-provider) on a random port, standing in for the bank. Its login page is
 * replaced by a test switch: `bank.signInAs(subject)` decides who "logs in", `bank.deny()` makes the user refuse.
 */
import { createServer, type Server } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

interface BankAccount {
  email: string | null;
  emailVerified: boolean;
}

export interface FakeBank {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, BankAccount>;
  signInAs(subject: string): void;
  deny(): void;
  close(): Promise<void>;
}

export async function startFakeBank(redirectUri: string): Promise<FakeBank> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const accounts = new Map<string, BankAccount>();
  let outcome: { login: string } | { error: string } = { error: 'access_denied' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'etp-rd',
        client_secret: 'bank-client-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email ?? undefined,
          email_verified: account.emailVerified,
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Consent is implied: the bank's own consent screen is not what these tests are about.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['test-bank-cookie-key'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      const result =
        'login' in outcome
          ? { login: { accountId: outcome.login } }
          : { error: outcome.error, error_description: 'Пользователь отказался' };
      provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }).catch((error) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    clientId: 'etp-rd',
    clientSecret: 'bank-client-secret',
    accounts,
    signInAs: (subject) => {
      outcome = { login: subject };
    },
    deny: () => {
      outcome = { error: 'access_denied' };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the browser at the bank: follows the provider's redirects, keeping its cookies, until the provider
 * sends the browser back to `redirectUri`; returns that address.
 */
export async function browseBank(start: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(start);
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`the bank answered ${response.status} without a redirect: ${await response.text()}`);
    url = new URL(location, url);
    if (url.href.startsWith(redirectUri)) return url;
  }
  throw new Error('too many redirects at the bank');
}
