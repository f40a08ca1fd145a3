/**
 * Configuration from the environment, validated once at start. Every bad value is reported with a plain
 * message naming the variable, and the process refuses to start.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const DEV_SECRET = 'development-only-secret-change-me-0123456789';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT должен быть числом' })
    .int('PORT должен быть целым числом')
    .min(1, 'PORT должен быть от 1 до 65535')
    .max(65535, 'PORT должен быть от 1 до 65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
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
  PUBLIC_URL: z
    .url('PUBLIC_URL должен быть адресом вида https://example.ru')
    .default('http://localhost:3000'),
  WEB_DIST_DIR: z.string().optional(),
  DEMO_SEED: z.enum(['auto', 'off']).default('auto'),
  DEMO_SIMULATION: z.enum(['auto', 'off']).default('auto'),
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
  SIGN_IN_SMS: z
    .enum(['optional', 'required'], { error: 'SIGN_IN_SMS должен быть optional или required' })
    .default('optional'),
  OIDC_ISSUER: z.url('OIDC_ISSUER должен быть адресом провайдера вида https://id.bank.ru').optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
});

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
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
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  webDistDir: string | null;
  demoSeed: boolean;
  /** Simulated buyers keep the demo trading (development only). */
  demoSimulation: boolean;
  logLevel: string;
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
  /** 'required': e-mail and password alone no longer sign in (authorize_by_email answers sms_required). */
  signInSms: 'optional' | 'required';
  /** Federated bank-identity sign-in (OpenID Connect); null when not configured. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Неверная конфигурация:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (as in `DATABASE_URL= npm start`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError(['JWT_SECRET: обязателен в режиме production (не менее 32 символов)']);
  }
  const oidc = oidcConfig(e);
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
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
    jwtSecret: e.JWT_SECRET ?? DEV_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    webDistDir: e.WEB_DIST_DIR ?? null,
    demoSeed: e.DEMO_SEED === 'auto' && e.NODE_ENV !== 'production',
    demoSimulation: e.DEMO_SIMULATION === 'auto' && e.NODE_ENV === 'development',
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bidsRateLimitPerMinute: e.BIDS_RATE_LIMIT_PER_MINUTE,
    sessionCacheMs: e.SESSION_CACHE_MS,
    smsWebhookUrl: e.SMS_WEBHOOK_URL ?? null,
    supportEmail: e.SUPPORT_EMAIL,
    codesPerAddressPerHour: e.CODES_PER_ADDRESS_PER_HOUR,
    signInSms: e.SIGN_IN_SMS,
    oidc,
  };
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
