/**
 * Russian texts of the form rules (spec 3 §5). Where the spec quotes a text it is copied to the letter; the
 * others (marked "ours") are our wording for rules the spec names without a text.
 */
export const VALIDATION_MESSAGES = {
  phoneRequired: 'Введите ваш номер телефона',
  /** Ours: the spec asks for 11 digits starting with 7 or 8 without quoting a text. */
  phoneIncomplete: 'Введите номер телефона полностью: +7 и 10 цифр',
  phoneAreaCode: 'Код города может начинаться только с 3, 4, 8 и 9',

  emailRequired: 'Введите Email',
  emailRequiredRich: 'Введите ваш Email',
  emailInvalid: 'Введите корректный Email',
  // Ours: the detailed variant's reasons.
  emailCyrillic: 'Email не может содержать русские буквы',
  emailSymbols: 'Email содержит недопустимые символы',
  emailNoAt: 'Email должен содержать символ @',
  emailNoDot: 'В адресе после @ должна быть точка',
  emailShortAfterAt: 'После @ должно быть не менее 2 символов',
  emailShortAfterDot: 'После точки должно быть не менее 2 символов',

  nameRequired: 'Заполните поле',
  nameCyrillic: 'Заполните поле русскими буквами без цифр и знаков препинания',
  /** Ours: the spec rejects the placeholder words without quoting a text. */
  namePlaceholder: 'Укажите ваши данные, а не название поля',

  passwordRequired: 'Введите пароль',
  passwordTooShort: (min: number) => `Длина пароля должна быть не менее ${min} символов`,
  passwordTooLong: (max: number) => `Длина пароля должна быть не более ${max} символов`,
  passwordsDiffer: 'Пароли не совпадают',
  passwordHint:
    'Не менее 8 символов: латинские заглавные и строчные буквы, хотя бы одна цифра и специальный символ',

  smsCodeRequired: 'Введите код из SMS',
  smsCodeFormat: 'Код состоит из 4 цифр',

  agreementRequired: 'Необходимо ваше согласие',
} as const;
