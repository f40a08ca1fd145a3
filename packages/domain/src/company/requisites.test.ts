import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  correspondentAccount,
  innOrganisation,
  innPerson,
  isValidInn,
  settlementAccount,
  validateBik,
  validateCorrespondentAccount,
  validateInn,
  validateKpp,
  validateOkved,
  validatePassport,
  validateSettlementAccount,
} from './requisites.ts';

// Published requisites of real banks: Sberbank and T-Bank.
const SBER = { inn: '7707083893', kpp: '773601001', bik: '044525225', corr: '30101810400000000225' };
const TBANK = { inn: '7710140679', bik: '044525974', corr: '30101810145250000974' };

describe('INN', () => {
  it('accepts real organisation and personal INNs', () => {
    expect(validateInn(SBER.inn, 'bank')).toBeNull();
    expect(validateInn(TBANK.inn)).toBeNull();
    expect(validateInn('500100732259', 'physical')).toBeNull();
    expect(validateInn('500100732259', 'self')).toBeNull();
  });

  it('asks for the length that the kind has', () => {
    expect(validateInn('500100732259', 'legal')).toBe('ИНН должен содержать 10 цифр');
    expect(validateInn(SBER.inn, 'physical')).toBe('ИНН должен содержать 12 цифр');
    expect(validateInn('77070838', 'mfo')).toBe('ИНН должен содержать 10 цифр');
  });

  it('refuses a wrong check digit, letters and an empty value', () => {
    expect(validateInn('7707083894', 'bank')).toBe('Неверное контрольное число ИНН');
    expect(validateInn('500100732250', 'physical')).toBe('Неверное контрольное число ИНН');
    expect(validateInn('50010073225O', 'physical')).toBe('ИНН должен состоять только из цифр');
    expect(validateInn('  ', 'legal')).toBe('Введите ИНН');
  });

  it('generates INNs that pass, and any changed digit is caught (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), fc.integer({ min: 0, max: 9 }), (head, position) => {
        const inn = innOrganisation(head);
        expect(isValidInn(inn)).toBe(true);
        const changed = inn.slice(0, 9) + String((Number(inn[9]) + 1 + position) % 10);
        if (changed !== inn) expect(isValidInn(changed)).toBe(false);
      }),
    );
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (head) => isValidInn(innPerson(head))));
  });
});

describe('KPP, BIK, OKVED, passport', () => {
  it('checks the KPP format', () => {
    expect(validateKpp(SBER.kpp)).toBeNull();
    expect(validateKpp('7736AB001')).toBeNull();
    expect(validateKpp('77360100')).toBe('КПП должен содержать 9 символов');
    expect(validateKpp('7736ab001')).toMatch(/^Неверный формат КПП/);
  });

  it('wants nine digits starting with 04 in a BIK', () => {
    expect(validateBik(SBER.bik)).toBeNull();
    expect(validateBik('04452522')).toBe('БИК должен содержать 9 цифр');
    expect(validateBik('14452522X')).toBe('БИК должен содержать 9 цифр');
    expect(validateBik('144525225')).toBe('БИК должен начинаться с 04');
  });

  it.each(['82', '82.9', '82.91', '01.11.1', '01.11.11'])('accepts the OKVED %s', (code) => {
    expect(validateOkved(code)).toBeNull();
  });

  it.each(['8', '82.', '82.911', '82.91.111', 'AB.CD', '82,91'])('refuses the OKVED %s', (code) => {
    expect(validateOkved(code)).toMatch(/^Неверный формат ОКВЭД/);
  });

  it('takes a passport with or without spaces', () => {
    expect(validatePassport('45 10 123456')).toBeNull();
    expect(validatePassport('4510123456')).toBeNull();
    expect(validatePassport('4510 12345')).toBe('Укажите серию (4 цифры) и номер (6 цифр) паспорта');
  });
});

describe('accounts against the BIK (Bank of Russia key)', () => {
  it('accepts the real correspondent accounts of Sberbank and T-Bank', () => {
    expect(validateCorrespondentAccount(SBER.corr, SBER.bik)).toBeNull();
    expect(validateCorrespondentAccount(TBANK.corr, TBANK.bik)).toBeNull();
    expect(correspondentAccount(TBANK.bik)).toBe(TBANK.corr);
  });

  it('refuses a correspondent account of another bank or with a wrong key', () => {
    expect(validateCorrespondentAccount(SBER.corr, TBANK.bik)).toBe(
      'Корреспондентский счёт не соответствует БИК: последние 3 цифры должны совпадать',
    );
    expect(validateCorrespondentAccount('30101810500000000225', SBER.bik)).toBe(
      'Неверное контрольное число корреспондентского счёта (проверьте счёт и БИК)',
    );
    expect(validateCorrespondentAccount('40101810400000000225', SBER.bik)).toBe(
      'Корреспондентский счёт должен начинаться с 30101',
    );
    expect(validateCorrespondentAccount('301018104', SBER.bik)).toBe(
      'Корреспондентский счёт должен содержать 20 цифр',
    );
  });

  it('checks a settlement account against the BIK it is held at', () => {
    const account = settlementAccount(SBER.bik, '40702810000000012345');
    expect(validateSettlementAccount(account, SBER.bik)).toBeNull();
    // The same account number at another bank has another key.
    expect(validateSettlementAccount(account, '044525974')).toBe(
      'Неверное контрольное число расчётного счёта (проверьте счёт и БИК)',
    );
    expect(validateSettlementAccount('4070281', SBER.bik)).toBe('Расчётный счёт должен содержать 20 цифр');
    // Without a valid BIK only the length is checked (the BIK field reports its own error).
    expect(validateSettlementAccount(account, null)).toBeNull();
  });

  it('catches any single changed digit of a keyed settlement account (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{20}$/),
        fc.integer({ min: 0, max: 19 }),
        fc.integer({ min: 1, max: 9 }),
        (raw, position, delta) => {
          const account = settlementAccount(SBER.bik, raw);
          expect(validateSettlementAccount(account, SBER.bik)).toBeNull();
          const digit = (Number(account[position]) + delta) % 10;
          const changed = account.slice(0, position) + String(digit) + account.slice(position + 1);
          // Weights 7, 1 and 3 are prime to 10, so one changed digit always breaks the sum.
          expect(validateSettlementAccount(changed, SBER.bik)).not.toBeNull();
        },
      ),
    );
  });
});
