/**
 * Configuration from the environment, validated once at start. Every bad value is reported with a plain
 * message naming the variable, and the process refuses to start.
 */
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { SMS_RESEND_SECONDS } from '@etp/domain';
import { z } from 'zod';
import { isLoopbackHost, parseTrustProxy, type TrustProxy } from './http/clientAddress.ts';
import { type KeySource, SigningKeyError, signingKey } from './signingKey.ts';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT должен быть числом' })
    .int('PORT должен быть целым числом')
    .min(1, 'PORT должен быть от 1 до 65535')
    .max(65535, 'PORT должен быть от 1 до 65535')
    .default(3000),
  HOST: z.string().trim().min(1).optional(),
  TRUST_PROXY: z.string().trim().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine(
      (v) => /^postgres(ql)?:\/\//.test(v),
      'DATABASE_URL должен начинаться с postgres:// или postgresql://',
    )
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'DATABASE_STATEMENT_TIMEOUT_MS должен быть числом' })
    .int('DATABASE_STATEMENT_TIMEOUT_MS должен быть целым числом')
    .min(100, 'DATABASE_STATEMENT_TIMEOUT_MS должен быть не меньше 100')
    .default(30_000),
  DATABASE_LOCK_TIMEOUT_MS: z.coerce
    .number({ error: 'DATABASE_LOCK_TIMEOUT_MS должен быть числом' })
    .int('DATABASE_LOCK_TIMEOUT_MS должен быть целым числом')
    .min(10, 'DATABASE_LOCK_TIMEOUT_MS должен быть не меньше 10')
    .default(5_000),
  LEADER_LEASE_MS: z.coerce
    .number({ error: 'LEADER_LEASE_MS должен быть числом' })
    .int('LEADER_LEASE_MS должен быть целым числом')
    .min(300, 'LEADER_LEASE_MS должен быть не меньше 300')
    .max(60_000, 'LEADER_LEASE_MS должен быть не больше 60000')
    .default(1_500),
  REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'REQUEST_TIMEOUT_MS должен быть числом' })
    .int('REQUEST_TIMEOUT_MS должен быть целым числом')
    .min(1_000, 'REQUEST_TIMEOUT_MS должен быть не меньше 1000')
    .default(120_000),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'REDIS_URL должен начинаться с redis:// или rediss://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET должен содержать не менее 32 символов').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\//.test(v), 'SMTP_URL должен начинаться с smtp:// или smtps://')
    .optional(),
  MAIL_FROM: z.string().default('ЭТП РД <noreply@etp-rd.ru>'),
  /** Without it, links point at the address the server listens on (defaultPublicUrl). */
  PUBLIC_URL: z.url('PUBLIC_URL должен быть адресом вида https://example.ru').optional(),
  WEB_DIST_DIR: z.string().optional(),
  DEMO_SEED: z.enum(['auto', 'off']).default('auto'),
  DEMO_SIMULATION: z.enum(['auto', 'off']).default('auto'),
  /** Each reply checked against the contract (decisions/0254): on under NODE_ENV=test unless turned off. */
  CHECK_REPLIES: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  BIDS_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'BIDS_RATE_LIMIT_PER_MINUTE должен быть числом' })
    .int('BIDS_RATE_LIMIT_PER_MINUTE должен быть целым числом')
    .min(1, 'BIDS_RATE_LIMIT_PER_MINUTE должен быть не меньше 1')
    .default(600),
  SESSION_CACHE_MS: z.coerce
    .number({ error: 'SESSION_CACHE_MS должен быть числом' })
    .int('SESSION_CACHE_MS должен быть целым числом')
    .min(0, 'SESSION_CACHE_MS должен быть не меньше 0')
    .max(10_000, 'SESSION_CACHE_MS должен быть не больше 10000')
    .default(10_000),
  SMS_WEBHOOK_URL: z
    .string()
    .refine((v) => /^https?:\/\//.test(v), 'SMS_WEBHOOK_URL должен начинаться с http:// или https://')
    .optional(),
  SUPPORT_EMAIL: z.email('SUPPORT_EMAIL должен быть адресом электронной почты').default('support@etp-rd.ru'),
  CODES_PER_ADDRESS_PER_HOUR: z.coerce
    .number({ error: 'CODES_PER_ADDRESS_PER_HOUR должен быть числом' })
    .int('CODES_PER_ADDRESS_PER_HOUR должен быть целым числом')
    .min(1, 'CODES_PER_ADDRESS_PER_HOUR должен быть не меньше 1')
    .default(30),
  MESSAGES_PER_HOUR: z.coerce
    .number({ error: 'MESSAGES_PER_HOUR должен быть числом' })
    .int('MESSAGES_PER_HOUR должен быть целым числом')
    .min(1, 'MESSAGES_PER_HOUR должен быть не меньше 1')
    .default(1000),
  SIGN_IN_SMS: z
    .enum(['optional', 'required'], { error: 'SIGN_IN_SMS должен быть optional или required' })
    .default('optional'),
  SMS_RESEND_SECONDS: z.coerce
    .number({ error: 'SMS_RESEND_SECONDS должен быть числом' })
    .int('SMS_RESEND_SECONDS должен быть целым числом')
    .min(1, 'SMS_RESEND_SECONDS должен быть не меньше 1')
    .optional(),
  OIDC_ISSUER: z.url('OIDC_ISSUER должен быть адресом провайдера вида https://id.bank.ru').optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  /** Where the server listens: HOST, else 127.0.0.1 and ::1 ('localhost') outside production, every address in it. */
  host: string;
  /**
   * True when the server listens on an address other machines can reach. An exposed server never shows the
   * development outbox and refuses the demo password, whatever NODE_ENV says.
   */
  exposed: boolean;
  /** Which proxies' X-Forwarded-For is believed (TRUST_PROXY); false: the socket's address is the client's. */
  trustProxy: TrustProxy;
  dataDir: string;
  database:
    | {
        kind: 'postgres';
        url: string;
        poolSize: number;
        timeouts: { statementMs: number; lockMs: number };
        leaseMs: number;
      }
    | { kind: 'pglite'; dataDir: string | null };
  /** The longest an HTTP request may take to arrive whole (an upload included), ms. */
  requestTimeoutMs: number;
  redisUrl: string | null;
  /** The signing key: JWT_SECRET, else a random key kept in DATA_DIR (signingKey.ts). Every other key derives from it. */
  jwtSecret: string;
  /** Where jwtSecret came from, for the start-up line. */
  keySource: KeySource;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** The site's address in e-mailed links: PUBLIC_URL, else the address the server listens on. */
  publicUrl: string;
  webDistDir: string | null;
  demoSeed: boolean;
  /** Simulated buyers keep the demo trading (development only). */
  demoSimulation: boolean;
  logLevel: string;
  /** Every JSON reply is checked against the contract of its route; an off-contract reply becomes a 500. */
  checkReplies: boolean;
  rateLimitPerMinute: number;
  /** Calls of POST /api/v1/bids one access token may make in a minute. */
  bidsRateLimitPerMinute: number;
  /** How long the bid route trusts a verified session and access decision, ms (decisions/0017); 0 turns it off. */
  sessionCacheMs: number;
  /** SMS gateway: each SMS is POSTed there as JSON {to, text}; without it SMS stay in the outbox. */
  smsWebhookUrl: string | null;
  supportEmail: string;
  /** SMS codes one client address may ask for in an hour, over all the calls that send one. */
  codesPerAddressPerHour: number;
  /** SMS and e-mails the whole platform may send in an hour (SMS pumping costs money). */
  messagesPerHour: number;
  /** 'required': e-mail and password alone no longer sign in (authorize_by_email answers sms_required). */
  signInSms: 'optional' | 'required';
  /** Seconds before a new code to the same phone: the spec's 120, shorter only outside production (browser tests). */
  smsResendSeconds: number;
  /** Federated bank-identity sign-in (OpenID Connect); null when not configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Неверная конфигурация:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * The site's address when PUBLIC_URL is not set: the host and port the server listens on, so an e-mailed link of a
 * server started with PORT=3107 opens that server (issue 29). A wildcard address (0.0.0.0, ::) names no one host:
 * the machine's name stands in, and an operator behind a proxy or TLS sets PUBLIC_URL.
 */
function defaultPublicUrl(host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  const name = isLoopbackHost(bare) ? 'localhost' : bare === '0.0.0.0' || bare === '::' ? hostname() : bare;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (as in `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && e.SMS_RESEND_SECONDS !== undefined) {
    throw new ConfigError([
      'SMS_RESEND_SECONDS: в режиме production интервал повторной отправки кода не меняется',
    ]);
  }
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(['JWT_SECRET: обязателен в режиме production (не менее 32 символов)']);
  }
  const oidc = oidcConfig(e);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  if (trustProxy instanceof Error) throw new ConfigError([`TRUST_PROXY: ${trustProxy.message}`]);
  const dataDir = resolve(e.DATA_DIR);
  const host = e.HOST ?? (e.NODE_ENV === 'production' ? '0.0.0.0' : 'localhost');
  const key = e.JWT_SECRET ? { secret: e.JWT_SECRET, source: 'env' as const } : keyFromDataDir(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    exposed: !isLoopbackHost(host),
    trustProxy,
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          poolSize: e.DATABASE_POOL_SIZE,
          timeouts: { statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS, lockMs: e.DATABASE_LOCK_TIMEOUT_MS },
          leaseMs: e.LEADER_LEASE_MS,
        }
      : { kind: 'pglite', dataDir },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    redisUrl: e.REDIS_URL ?? null,
    jwtSecret: key.secret,
    keySource: key.source,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? defaultPublicUrl(host, e.PORT),
    webDistDir: e.WEB_DIST_DIR ?? null,
    demoSeed: e.DEMO_SEED === 'auto' && e.NODE_ENV !== 'production',
    demoSimulation: e.DEMO_SIMULATION === 'auto' && e.NODE_ENV === 'development',
    logLevel: e.LOG_LEVEL,
    checkReplies: e.CHECK_REPLIES === 'on' || (e.CHECK_REPLIES === 'auto' && e.NODE_ENV === 'test'),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bidsRateLimitPerMinute: e.BIDS_RATE_LIMIT_PER_MINUTE,
    sessionCacheMs: e.SESSION_CACHE_MS,
    smsWebhookUrl: e.SMS_WEBHOOK_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL,
    codesPerAddressPerHour: e.CODES_PER_ADDRESS_PER_HOUR,
    messagesPerHour: e.MESSAGES_PER_HOUR,
    signInSms: e.SIGN_IN_SMS,
    smsResendSeconds: e.SMS_RESEND_SECONDS ?? SMS_RESEND_SECONDS,
    oidc,
  };
}

function keyFromDataDir(dataDir: string): ReturnType<typeof signingKey> {
  try {
    return signingKey(dataDir);
  } catch (error) {
    if (error instanceof SigningKeyError) throw new ConfigError([`JWT_SECRET: ${error.message}`]);
    throw error;
  }
}

/** The three OIDC variables go together; production talks to the provider over https only. */
function oidcConfig(e: z.infer<typeof envSchema>): Config['oidc'] {
  const values = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (values.every((v) => v === undefined)) return null;
  if (!e.OIDC_ISSUER || !e.OIDC_CLIENT_ID || !e.OIDC_CLIENT_SECRET) {
    const missing = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'].filter((_, i) => !values[i]);
    throw new ConfigError([
      `${missing.join(', ')}: вход через банк настраивается тремя переменными OIDC_ISSUER, OIDC_CLIENT_ID и OIDC_CLIENT_SECRET, задайте все три или ни одной`,
    ]);
  }
  if (e.NODE_ENV === 'production' && !e.OIDC_ISSUER.startsWith('https://')) {
    throw new ConfigError(['OIDC_ISSUER: в режиме production адрес провайдера должен начинаться с https://']);
  }
  return { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET };
}
