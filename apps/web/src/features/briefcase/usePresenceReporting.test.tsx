import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/factories.ts';
import { stubApi } from '../../test/fakeServer.ts';
import { usePresenceReporting } from './usePresenceReporting.ts';

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => {
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('usePresenceReporting', () => {
  it('reports a participant online on opening and away or online as the page is hidden or shown', () => {
    const api = stubApi({
      'POST /api/v1/briefcases/42/user/online': null,
      'POST /api/v1/briefcases/42/user/away': null,
    });
    renderHook(() => usePresenceReporting(42, buildUser()));
    setVisibility('hidden');
    setVisibility('visible');
    expect(api.sent.map((r) => r.path)).toEqual([
      '/api/v1/briefcases/42/user/online',
      '/api/v1/briefcases/42/user/away',
      '/api/v1/briefcases/42/user/online',
    ]);
  });

  it('does not track administrators', () => {
    const api = stubApi({});
    renderHook(() => usePresenceReporting(42, buildUser({ role: 'admin' })));
    setVisibility('hidden');
    expect(api.sent).toHaveLength(0);
  });
});
