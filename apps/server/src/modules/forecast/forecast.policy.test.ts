import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { canForecast } from './forecast.policy.ts';

const auth = (role: 'admin' | 'user', companyIds: number[]) =>
  ({ user: { role }, memberships: companyIds.map((id) => ({ company: { id } })) }) as unknown as AuthContext;

describe('canForecast', () => {
  it('lets an administrator and the selling company’s members forecast, and nobody else', () => {
    expect(canForecast(auth('admin', []), { companyId: 7 })).toBe(true);
    expect(canForecast(auth('user', [3, 7]), { companyId: 7 })).toBe(true);
    expect(canForecast(auth('user', [3]), { companyId: 7 })).toBe(false);
  });
});
