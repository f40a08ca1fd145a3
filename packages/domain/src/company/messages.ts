/**
 * Russian texts of the company form (spec 3 §4.3, §5). The toasts are the spec's to the letter; the field
 * texts are ours (the spec names the rules without quoting them), except the two the spec's form shows for the
 * INN length and check digit.
 */
import type { CompanyKind } from '../dictionaries.ts';

export const COMPANY_MESSAGES = {
  innRequired: 'Введите ИНН',
  innDigitsOnly: 'ИНН должен состоять только из цифр',
  innLength: (length: number) => `ИНН должен содержать ${length} цифр`,
  innChecksum: 'Неверное контрольное число ИНН',

  kppLength: 'КПП должен содержать 9 символов',
  kppFormat: 'Неверный формат КПП: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',

  bikRequired: 'Введите БИК банка',
  bikLength: 'БИК должен содержать 9 цифр',
  bikPrefix: 'БИК должен начинаться с 04',

  accountLength: 'Расчётный счёт должен содержать 20 цифр',
  accountChecksum: 'Неверное контрольное число расчётного счёта (проверьте счёт и БИК)',
  correspondentLength: 'Корреспондентский счёт должен содержать 20 цифр',
  correspondentPrefix: 'Корреспондентский счёт должен начинаться с 30101',
  correspondentBik: 'Корреспондентский счёт не соответствует БИК: последние 3 цифры должны совпадать',
  correspondentChecksum: 'Неверное контрольное число корреспондентского счёта (проверьте счёт и БИК)',
  bankInnLength: 'ИНН банка должен содержать 10 цифр',

  okvedFormat: 'Неверный формат ОКВЭД: две цифры и до двух уровней через точку, например 82.91',

  passportFormat: 'Укажите серию (4 цифры) и номер (6 цифр) паспорта',
  nameRequired: 'Введите название организации',
  currentAddressRequired: 'Укажите фактический адрес',
  agreementRequired: 'Необходимо принять условия соглашения',
  kindInvalid: 'Выберите тип организации',
  tooLong: (max: number) => `Не более ${max} символов`,
} as const;

/** The toast after the company data was saved and sent to accreditation (spec 3 §4.3). */
export function accreditationSentMessage(kind: CompanyKind): string {
  return kind === 'physical'
    ? 'Физическое лицо отправлено на аккредитацию'
    : 'Организация отправлена на аккредитацию';
}
