import { describe, expect, it } from 'vitest';
import { mayCreateProcedures } from './selling.ts';

describe('who may create procedures', () => {
  it('lets an administrator create for any company', () => {
    expect(mayCreateProcedures({ admin: true, goodStanding: false, seller: false })).toBe(true);
  });
  it('lets a user create only for an accredited seller', () => {
    expect(mayCreateProcedures({ admin: false, goodStanding: true, seller: true })).toBe(true);
    expect(mayCreateProcedures({ admin: false, goodStanding: true, seller: false })).toBe(false);
    expect(mayCreateProcedures({ admin: false, goodStanding: false, seller: true })).toBe(false);
  });
});
