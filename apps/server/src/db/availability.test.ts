import { describe, expect, it } from 'vitest';
import { Episode, isDatabaseUnavailable } from './availability.ts';

describe('isDatabaseUnavailable', () => {
  it('tells a database that is away from a bug or a rule, through the wrappers of the driver', () => {
    const away = [
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: Object.assign(new Error('x'), { code: '08006' }) }),
    ];
    for (const error of away) expect(isDatabaseUnavailable(error), error.message).toBe(true);
    const not = [
      new Error('Cannot read properties of undefined'),
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      null,
      'text',
    ];
    for (const error of not) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('Episode', () => {
  it('logs the start of a run of failures once, and its end once', () => {
    const lines: string[] = [];
    let now = 0;
    const log = {
      warn: (_: object, m: string) => lines.push(m),
      info: (_: object, m: string) => lines.push(m),
    };
    const episode = new Episode(log, 'database', 10_000, () => now);
    for (let i = 0; i < 1000; i++) {
      now += 5;
      episode.failed(new Error('Connection terminated'));
    }
    episode.recovered();
    episode.recovered();
    now += 60_000;
    episode.failed(new Error('Connection terminated'));
    expect(lines).toEqual(['database: unavailable', 'database: available again', 'database: unavailable']);
  });
});
