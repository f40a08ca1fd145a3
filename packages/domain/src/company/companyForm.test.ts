import { describe, expect, it } from 'vitest';
import { type CompanyFormInput, validateCompanyForm } from './companyForm.ts';
import { accreditationSentMessage } from './messages.ts';
import { settlementAccount } from './requisites.ts';

const legal: CompanyFormInput = {
  kind: 'legal',
  name: 'ООО «Коллект»',
  inn: '7707083893',
  current_address: 'Москва, ул. Вавилова, 19',
  agreement: true,
};

describe('validateCompanyForm', () => {
  it('passes a complete organisation', () => {
    expect(validateCompanyForm(legal)).toEqual({});
  });

  it('requires the agreement', () => {
    expect(validateCompanyForm({ ...legal, agreement: false })).toEqual({
      agreement: 'Необходимо принять условия соглашения',
    });
  });

  it('wants 12 INN digits for physical and self, 10 for the other kinds', () => {
    for (const kind of ['physical', 'self'] as const) {
      expect(validateCompanyForm({ ...legal, kind }).inn).toBe('ИНН должен содержать 12 цифр');
      expect(validateCompanyForm({ ...legal, kind, inn: '500100732259' }).inn).toBeUndefined();
    }
    for (const kind of ['legal', 'bank', 'mfo'] as const) {
      expect(validateCompanyForm({ ...legal, kind, inn: '500100732259' }).inn).toBe(
        'ИНН должен содержать 10 цифр',
      );
    }
  });

  it('requires a current address for every kind but physical', () => {
    for (const kind of ['legal', 'bank', 'mfo'] as const) {
      expect(validateCompanyForm({ ...legal, kind, current_address: ' ' }).current_address).toBe(
        'Укажите фактический адрес',
      );
    }
    const person = { kind: 'physical', inn: '500100732259', agreement: true };
    expect(validateCompanyForm({ ...person, kind: 'self' }).current_address).toBe(
      'Укажите фактический адрес',
    );
    expect(validateCompanyForm(person)).toEqual({});
  });

  it('names organisations but not individuals', () => {
    expect(validateCompanyForm({ ...legal, name: '' }).name).toBe('Введите название организации');
    expect(
      validateCompanyForm({ ...legal, kind: 'self', inn: '500100732259', name: '' }).name,
    ).toBeUndefined();
  });

  it('checks the bank account against the BIK', () => {
    const bik = '044525225';
    const good = {
      bik,
      account: settlementAccount(bik, '40702810000000000777'),
      correspondent_account: '30101810400000000225',
      bank_inn: '7707083893',
    };
    expect(validateCompanyForm({ ...legal, bank_account: good })).toEqual({});
    expect(
      validateCompanyForm({
        ...legal,
        bank_account: {
          ...good,
          account: `${good.account.slice(0, 19)}${(Number(good.account[19]) + 1) % 10}`,
          bank_inn: '500100732259',
        },
      }),
    ).toEqual({
      'bank_account.account': 'Неверное контрольное число расчётного счёта (проверьте счёт и БИК)',
      'bank_account.bank_inn': 'ИНН банка должен содержать 10 цифр',
    });
    expect(validateCompanyForm({ ...legal, bank_account: { account: good.account } })).toEqual({
      'bank_account.bik': 'Введите БИК банка',
    });
  });

  it('checks the optional requisites only when they are given', () => {
    expect(
      validateCompanyForm({ ...legal, kpp: '12', okved: '8291', phone: '123', email: 'x', passport: '1' }),
    ).toEqual({
      kpp: 'КПП должен содержать 9 символов',
      okved: 'Неверный формат ОКВЭД: две цифры и до двух уровней через точку, например 82.91',
      phone: 'Введите номер телефона полностью: +7 и 10 цифр',
      email: 'Введите корректный Email',
      passport: 'Укажите серию (4 цифры) и номер (6 цифр) паспорта',
    });
    expect(validateCompanyForm({ ...legal, kpp: '', okved: null })).toEqual({});
  });

  it('refuses an unknown kind', () => {
    expect(validateCompanyForm({ ...legal, kind: 'trust' })).toEqual({ kind: 'Выберите тип организации' });
  });
});

describe('accreditationSentMessage', () => {
  it('says "физическое лицо" for physical and "организация" otherwise', () => {
    expect(accreditationSentMessage('physical')).toBe('Физическое лицо отправлено на аккредитацию');
    expect(accreditationSentMessage('self')).toBe('Организация отправлена на аккредитацию');
  });
});
