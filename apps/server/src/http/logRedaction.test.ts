import { describe, expect, it } from 'vitest';
import { redactUrl } from './logRedaction.ts';

describe('redactUrl', () => {
  it('hides e-mailed tokens and OAuth codes, keeps everything else', () => {
    expect(redactUrl('/users/password/edit?reset_password_token=12.abc')).toBe(
      '/users/password/edit?reset_password_token=***',
    );
    expect(redactUrl('/api/v2/confirmations?confirmation_token=5.xyz')).toBe(
      '/api/v2/confirmations?confirmation_token=***',
    );
    expect(redactUrl('/users/auth/bank_id/callback?code=c0de&state=s1&iss=https%3A%2F%2Fid')).toBe(
      '/users/auth/bank_id/callback?code=***&state=***&iss=https%3A%2F%2Fid',
    );
    expect(redactUrl('/api/v1/briefcases?page=2&status=active')).toBe(
      '/api/v1/briefcases?page=2&status=active',
    );
    expect(redactUrl('/time')).toBe('/time');
  });
});
