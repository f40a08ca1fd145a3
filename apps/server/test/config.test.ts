import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toMatchObject({ kind: 'pglite' });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.demoSeed).toBe(true);
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
