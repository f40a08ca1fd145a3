import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_MIN_LENGTH } from '../constants.ts';
import { validatePassword, validatePasswordRepeat } from './password.ts';

describe('validatePassword', () => {
  it('needs 8 characters at sign-in and registration', () => {
    expect(validatePassword('1234567')).toBe('Длина пароля должна быть не менее 8 символов');
    expect(validatePassword('12345678')).toBeNull();
    expect(validatePassword('1234567', PASSWORD_MIN_LENGTH)).toBe(
      'Длина пароля должна быть не менее 8 символов',
    );
  });

  it('needs 6 characters on the password-change screen', () => {
    expect(validatePassword('12345', PASSWORD_RESET_MIN_LENGTH)).toBe(
      'Длина пароля должна быть не менее 6 символов',
    );
    expect(validatePassword('123456', PASSWORD_RESET_MIN_LENGTH)).toBeNull();
  });

  it('asks for a password when there is none and refuses one longer than 128 characters', () => {
    expect(validatePassword('')).toBe('Введите пароль');
    expect(validatePassword(undefined)).toBe('Введите пароль');
    expect(validatePassword('x'.repeat(129))).toBe('Длина пароля должна быть не более 128 символов');
    expect(validatePassword('x'.repeat(128))).toBeNull();
  });
});

describe('validatePasswordRepeat', () => {
  it('needs the same password twice', () => {
    expect(validatePasswordRepeat('Secret-1', 'Secret-2')).toBe('Пароли не совпадают');
    expect(validatePasswordRepeat('Secret-1', 'Secret-1')).toBeNull();
  });
});
