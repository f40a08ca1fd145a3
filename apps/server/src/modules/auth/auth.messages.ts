/** Russian texts of the auth area: answers, SMS texts and e-mails of sign-in, registration and password. */
export const AUTH_MESSAGES = {
  emailRequired: 'Введите Email',
  emailInvalid: 'Введите корректный Email',
  userNotFound: 'Пользователь с таким Email не найден',
  phoneNotFound: 'Пользователь с таким номером телефона не найден',
  wrongPassword: 'Неверный пароль',
  refreshInvalid: 'Сессия истекла, войдите снова',
  sessionRevoked: 'Сессия завершена из соображений безопасности, войдите снова',
  signedOut: 'Вы вышли из системы',
  adminOnly: 'Доступно только администратору площадки',
  smsRequired: 'Для входа подтвердите вход кодом из SMS',
  signInLocked: (ms: number) => {
    // Whole seconds first, so 59.5 s reads "1 мин.", not "60 с".
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `Слишком много неудачных попыток входа. Попробуйте через ${
      seconds < 60 ? `${seconds} с` : `${Math.ceil(seconds / 60)} мин.`
    }`;
  },
  demoPasswordOff:
    'Демонстрационный пароль не действует на сервере, доступном из сети. Восстановите пароль по ссылке «Забыли пароль?»',

  // Codes
  codeSent: 'Код отправлен',
  resendIn: (seconds: number) => `Повторная отправка возможна через ${seconds} с`,
  tooManyCodesForPhone: (minutes: number) =>
    `На этот номер отправлено слишком много кодов. Попробуйте через ${minutes} мин.`,
  tooManyCodesFromAddress: 'Слишком много запросов кода. Попробуйте позже.',
  codeInvalid: 'Неверный код',
  codeLastAttempt: 'Неверный код. Попытки закончились, запросите новый код',
  codeExpired: 'Код недействителен или устарел. Запросите новый код',
  codeAttemptsExceeded: 'Превышено число попыток ввода кода. Запросите новый код',
  smsFailed: 'Не удалось отправить SMS. Попробуйте позже.',

  // Accounts
  phoneTaken: 'Пользователь с таким номером телефона уже зарегистрирован',
  emailTaken: 'Пользователь с таким Email уже зарегистрирован',
  phoneAlreadySet: 'К аккаунту уже привязан номер телефона',
  phoneMissing: 'Сначала укажите номер телефона',
  nothingToFill: 'Все данные аккаунта заполнены. Войдите по Email и паролю',
  registered: 'Регистрация завершена',
  notMyNumber: 'Спасибо, мы передали сообщение в службу поддержки. С вами свяжутся.',

  // Password and confirmation
  resetInstructionsSent:
    'Если этот Email зарегистрирован, на него отправлено письмо с инструкцией по восстановлению пароля',
  resetTokenInvalid: 'Ссылка для смены пароля недействительна или устарела. Запросите новую.',
  passwordChanged: 'Пароль изменён. Войдите с новым паролем.',
  confirmationSent: 'Если этот Email ожидает подтверждения, на него отправлено письмо со ссылкой',

  // Bank identity
  bankIdNotConfigured: 'Вход через банк не настроен',
  bankIdTokenInvalid: 'Ссылка входа через банк недействительна или устарела. Войдите снова.',
} as const;

/** SMS texts: the code first, so that a phone can offer to fill it in. */
export const SMS_TEXTS = {
  sign_in: (code: string) => `${code} — код для входа на ЭТП РД. Никому не сообщайте его.`,
  registration: (code: string) => `${code} — код для регистрации на ЭТП РД. Никому не сообщайте его.`,
  phone_confirmation: (code: string) => `${code} — код подтверждения номера на ЭТП РД.`,
} as const;

export const MAIL_TEXTS = {
  resetSubject: 'Восстановление пароля на ЭТП РД',
  reset: (link: string) =>
    [
      'Здравствуйте!',
      '',
      'Кто-то (надеемся, вы) запросил смену пароля на электронной торговой площадке ЭТП РД.',
      `Чтобы задать новый пароль, откройте ссылку (она действует 2 часа и только один раз):`,
      link,
      '',
      'Если вы не запрашивали смену пароля, просто удалите это письмо: пароль останется прежним.',
    ].join('\n'),
  confirmSubject: 'Подтверждение Email на ЭТП РД',
  confirm: (link: string) =>
    [
      'Здравствуйте!',
      '',
      'Подтвердите адрес электронной почты для ЭТП РД, открыв ссылку (она действует 3 дня):',
      link,
      '',
      'Если вы не регистрировались на площадке, просто удалите это письмо.',
    ].join('\n'),
  notMyNumberSubject: 'Пользователь сообщил о чужом номере телефона',
  notMyNumber: (userId: number, email: string | null, phone: string) =>
    `Пользователь №${userId} (${email ?? 'без Email'}) сообщил, что номер ${phone} в его аккаунте ему не принадлежит. Коды входа на этот номер отменены; свяжитесь с пользователем.`,
} as const;
