import { describe, expect, it } from 'vitest';
import { normalizeEmail, validateEmail } from './email.ts';

describe('validateEmail', () => {
  it('asks for an address when the field is empty, in both wordings', () => {
    expect(validateEmail('')).toBe('Введите Email');
    expect(validateEmail('  ', { rich: true })).toBe('Введите ваш Email');
    expect(validateEmail(undefined)).toBe('Введите Email');
  });

  it.each(['ivan@example.ru', 'i.petrov+etp@mail.example.com', 'IVAN_1@Bank-RU.org', ' ivan@example.ru '])(
    'accepts %s',
    (email) => {
      expect(validateEmail(email)).toBeNull();
      expect(validateEmail(email, { detailed: true })).toBeNull();
    },
  );

  it('answers the general text in the basic variant', () => {
    expect(validateEmail('ivan')).toBe('Введите корректный Email');
    expect(validateEmail('иван@пример.рф')).toBe('Введите корректный Email');
  });

  it.each([
    ['иван@example.ru', 'Email не может содержать русские буквы'],
    ['ivan!@example.ru', 'Email содержит недопустимые символы'],
    ['ivan example@mail.ru', 'Email содержит недопустимые символы'],
    ['ivan.example.ru', 'Email должен содержать символ @'],
    ['ivan@example', 'В адресе после @ должна быть точка'],
    ['ivan@e.ru', 'После @ должно быть не менее 2 символов'],
    ['ivan@.ru', 'После @ должно быть не менее 2 символов'],
    ['ivan@example.r', 'После точки должно быть не менее 2 символов'],
    ['ivan@@example.ru', 'Введите корректный Email'],
  ])('names the reason for %s', (email, message) => {
    expect(validateEmail(email, { detailed: true })).toBe(message);
  });

  it('refuses an address longer than 254 characters', () => {
    expect(validateEmail(`${'a'.repeat(250)}@example.ru`)).toBe('Введите корректный Email');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ivan@Example.RU ')).toBe('ivan@example.ru');
  });
});
