import { describe, expect, it } from 'vitest';
import { validateSmsCode } from './smsCode.ts';

describe('validateSmsCode', () => {
  it('takes exactly four digits', () => {
    expect(validateSmsCode('0421')).toBeNull();
    expect(validateSmsCode('')).toBe('Введите код из SMS');
    expect(validateSmsCode('123')).toBe('Код состоит из 4 цифр');
    expect(validateSmsCode('12345')).toBe('Код состоит из 4 цифр');
    expect(validateSmsCode('12a4')).toBe('Код состоит из 4 цифр');
  });
});
