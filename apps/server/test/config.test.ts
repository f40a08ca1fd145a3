import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as load } from '../src/config.ts';

// Without JWT_SECRET the server keeps its key in DATA_DIR: these checks keep it in a temporary one.
const DATA_DIR = mkdtempSync(join(tmpdir(), 'etp-config-'));
const loadConfig = (env: Record<string, string>) => load({ DATA_DIR, ...env });

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('has working defaults: port 3000, PGlite under ./data', () => {
    const config = load({ JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.demoSeed).toBe(true);
  });

  it('links to the address it listens on unless PUBLIC_URL names another (issue 29)', () => {
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3107' }).publicUrl).toBe('http://localhost:3107');
    expect(loadConfig({ PORT: '8080', HOST: '127.0.0.1' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', HOST: '10.0.0.5' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(loadConfig({ PORT: '8080', HOST: 'fd00::5' }).publicUrl).toBe('http://[fd00::5]:8080');
    expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' }).publicUrl).toBe(`http://${hostname()}:8080`);
    expect(loadConfig({ PORT: '3107', PUBLIC_URL: 'https://etp.example.ru' }).publicUrl).toBe(
      'https://etp.example.ru',
    );
  });

  it('names the proxies TRUST_PROXY trusts, and refuses to trust every X-Forwarded-For', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
    expect(problems({ TRUST_PROXY: 'true' })[0]).toContain('TRUST_PROXY');
    expect(problems({ TRUST_PROXY: 'nginx' })[0]).toContain('не адрес');
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/etp' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@db:5432/etp',
      poolSize: 20,
      timeouts: { statementMs: 30_000, lockMs: 5_000 },
      leaseMs: 1_500,
    });
  });

  it('names each bad value with a clear message', () => {
    expect(problems({ PORT: 'abc' })).toEqual(['PORT: PORT должен быть числом']);
    expect(problems({ PORT: '70000' })).toEqual(['PORT: PORT должен быть от 1 до 65535']);
    expect(problems({ DATABASE_URL: 'mysql://x' })).toEqual([
      'DATABASE_URL: DATABASE_URL должен начинаться с postgres:// или postgresql://',
    ]);
    expect(problems({ REDIS_URL: 'localhost:6379' })[0]).toContain('redis://');
    expect(problems({ JWT_SECRET: 'short' })[0]).toContain('не менее 32 символов');
    expect(problems({ PORT: 'x', SMTP_URL: 'mail' })).toHaveLength(2);
  });

  it('refuses production without a JWT secret and never seeds demo data there', () => {
    expect(problems({ NODE_ENV: 'production' })[0]).toContain('JWT_SECRET');
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(config.demoSeed).toBe(false);
  });

  it("keeps the spec's 120 s between SMS codes, shorter only outside production (browser tests)", () => {
    expect(loadConfig({}).smsResendSeconds).toBe(120);
    expect(loadConfig({ NODE_ENV: 'test', SMS_RESEND_SECONDS: '2' }).smsResendSeconds).toBe(2);
    expect(
      problems({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SMS_RESEND_SECONDS: '2' })[0],
    ).toContain('SMS_RESEND_SECONDS');
  });
});

describe('empty variables', () => {
  it('treats an empty value as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({
      port: 3000,
      database: { kind: 'pglite' },
    });
  });
});

describe('demo simulation', () => {
  it('runs in development only', () => {
    expect(loadConfig({}).demoSimulation).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).demoSimulation).toBe(false);
    expect(loadConfig({ DEMO_SIMULATION: 'off' }).demoSimulation).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).demoSimulation).toBe(false);
  });
});
