import { describe, expect, it } from 'vitest';
import { maskPhoneInput, nextPhoneValue } from './phoneMask.ts';

describe('phone mask +7 ### ###-##-##', () => {
  it.each([
    ['+7 ', '+7 '],
    ['+7 9', '+7 9'],
    ['+7 9161', '+7 916 1'],
    ['+7 9161234', '+7 916 123-4'],
    ['+7 916123456789', '+7 916 123-45-67'],
    ['89161234567', '+7 916 123-45-67'],
    ['79161234567', '+7 916 123-45-67'],
    ['+7 (916) 123-45-67', '+7 916 123-45-67'],
    ['9161234567', '+7 916 123-45-67'],
    ['+7 abc', '+7 '],
  ])('%j → %j', (typed, masked) => {
    expect(maskPhoneInput(typed)).toBe(masked);
  });

  it('is 16 characters long when complete (the phone stage needs that many)', () => {
    expect(maskPhoneInput('9161234567')).toHaveLength(16);
  });

  it('deletes the digit before a separator that Backspace removed', () => {
    // '+7 916 123-45' with the caret after '-': Backspace leaves '+7 916 12345', caret at 10.
    expect(nextPhoneValue('+7 916 123-45', '+7 916 12345', 10)).toEqual({ value: '+7 916 124-5', caret: 9 });
  });

  it('keeps the caret after the digit just typed in the middle', () => {
    expect(nextPhoneValue('+7 916 123', '+7 9516 123', 5)).toEqual({ value: '+7 951 612-3', caret: 5 });
  });
});
