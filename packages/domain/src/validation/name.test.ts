import { describe, expect, it } from 'vitest';
import { validateName } from './name.ts';

describe('validateName', () => {
  it('asks to fill an empty field', () => {
    expect(validateName('')).toBe('Заполните поле');
    expect(validateName('   ')).toBe('Заполните поле');
    expect(validateName(null)).toBe('Заполните поле');
  });

  it.each(['Иван', 'Салтыков-Щедрин', "Д'Артаньян", 'Анна Мария', 'Ёлкин'])('accepts %s', (name) => {
    expect(validateName(name)).toBeNull();
  });

  it.each(['Ivan', 'Иван1', 'Иван!', 'Иван.', 'И_ван'])('refuses %s: Russian letters only', (name) => {
    expect(validateName(name)).toBe('Заполните поле русскими буквами без цифр и знаков препинания');
  });

  it.each(['Фамилия', 'имя', 'ОТЧЕСТВО', ' фио '])('refuses the placeholder word %s', (name) => {
    expect(validateName(name)).toBe('Укажите ваши данные, а не название поля');
  });

  it('refuses a name longer than 100 characters', () => {
    expect(validateName('а'.repeat(101))).toBe(
      'Заполните поле русскими буквами без цифр и знаков препинания',
    );
  });
});
