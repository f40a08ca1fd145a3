/** The upload bar's poller: it moves on the clock even while the server is slow to answer its polls. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi } from '../../test/fakeServer.ts';
import { progressPoller } from './wizardApi.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('progressPoller', () => {
  it('creeps every 500 ms while a poll is unanswered, with one poll in flight, up to 5 points past the server', async () => {
    vi.useFakeTimers();
    let answer: ((response: Response) => void) | null = null;
    const api = stubApi({
      'GET /api/v1/registry_uploads/u1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const seen: number[] = [];
    const poller = progressPoller('u1', (percent) => seen.push(percent));
    poller.start();
    await vi.advanceTimersByTimeAsync(2_000);
    // Four ticks, four moves, while the first poll is still waiting for its answer.
    expect(seen).toHaveLength(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[0]).toBeGreaterThan(0);
    expect(api.fetch).toHaveBeenCalledTimes(1);

    // The server's figure, once it comes, is where the bar continues from.
    answer!(ok({ phase: 'storing', percent: 92 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(92);
    // Then it creeps at most 5 points past the server's figure.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seen.at(-1)).toBe(97);
    poller.stop();
  });
});
