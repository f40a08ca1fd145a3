import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, maskPhone, normalizePhone, validatePhone } from './phone.ts';

describe('validatePhone', () => {
  it.each([
    ['', 'Введите ваш номер телефона'],
    ['   ', 'Введите ваш номер телефона'],
    ['+7 ', 'Введите ваш номер телефона'],
    [null, 'Введите ваш номер телефона'],
    ['+7 016 123-45-67', 'Код города может начинаться только с 3, 4, 8 и 9'],
    ['+7 116 123-45-67', 'Код города может начинаться только с 3, 4, 8 и 9'],
    ['+7 2', 'Код города может начинаться только с 3, 4, 8 и 9'],
    ['85161234567', 'Код города может начинаться только с 3, 4, 8 и 9'],
    ['+7 616 123-45-67', 'Код города может начинаться только с 3, 4, 8 и 9'],
    ['+7 716 123-45-67', 'Код города может начинаться только с 3, 4, 8 и 9'],
    ['+7 916 123-45', 'Введите номер телефона полностью: +7 и 10 цифр'],
    ['+7 916 123-45-678', 'Введите номер телефона полностью: +7 и 10 цифр'],
    ['+1 916 123-45-67', 'Введите номер телефона полностью: +7 и 10 цифр'],
  ])('%j → %s', (input, message) => {
    expect(validatePhone(input)).toBe(message);
  });

  it.each([
    '+7 916 123-45-67',
    '89161234567',
    '8 (916) 123 45 67',
    '+7 316 123-45-67',
    '74951234567',
    '+78121234567',
  ])('accepts %s', (input) => {
    expect(validatePhone(input)).toBeNull();
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+7 916 123-45-67', '79161234567'],
    ['89161234567', '79161234567'],
    ['8 (916) 123 45 67', '79161234567'],
    ['  79161234567 ', '79161234567'],
  ])('%s → %s', (input, phone) => {
    expect(normalizePhone(input)).toBe(phone);
  });

  it('answers null for what is not a number', () => {
    expect(normalizePhone('')).toBeNull();
    expect(normalizePhone('+7 016 123-45-67')).toBeNull();
    expect(normalizePhone('916123456')).toBeNull();
  });

  it('is idempotent and agrees with the mask form', () => {
    const validPhone = fc
      .tuple(fc.constantFrom('3', '4', '8', '9'), fc.stringMatching(/^\d{9}$/))
      .map(([area, rest]) => `7${area}${rest}`);
    fc.assert(
      fc.property(validPhone, (phone) => {
        expect(normalizePhone(phone)).toBe(phone);
        expect(normalizePhone(formatPhone(phone))).toBe(phone);
        expect(normalizePhone(`8${phone.slice(1)}`)).toBe(phone);
      }),
    );
  });
});

describe('formatPhone and maskPhone', () => {
  it('writes the mask form and hides the middle digits', () => {
    expect(formatPhone('79161234567')).toBe('+7 916 123-45-67');
    expect(maskPhone('79161234567')).toBe('+7 916 ***-**-67');
    expect(maskPhone('123')).toBe('***');
  });
});
