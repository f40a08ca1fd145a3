/** Russian texts of the profile calls (spec 3 §7.2, §8). */
export const PROFILE_MESSAGES = {
  updated: 'Данные профиля обновлены',
  avatarTooLarge: 'Размер аватара не должен превышать 5 МБ',
  avatarFormat: 'Аватар должен быть изображением PNG, JPEG или WebP',
  emailSame: 'Это ваш текущий Email',
  emailTaken: 'Пользователь с таким Email уже зарегистрирован',
  emailSent: (email: string) => `Мы отправили письмо со ссылкой для подтверждения на ${email}`,
  tooManyMails: 'На этот адрес уже отправлено много писем. Попробуйте через час.',
  mailFailed: 'Не удалось отправить письмо. Попробуйте позже.',
  phoneSame: 'Этот номер уже подтверждён в вашем профиле',
  phoneTaken: 'Пользователь с таким номером телефона уже зарегистрирован',
  phoneConfirmed: 'Номер телефона подтверждён',
  currentPasswordRequired: 'Введите текущий пароль',
  currentPasswordWrong: 'Неверный текущий пароль',
  passwordChanged: 'Пароль изменён',
  deleted: 'Профиль удалён',
  ownerMustHandOver: (company: string) =>
    `Вы администратор компании ${company}, в которой есть другие сотрудники. Передайте права администратора, затем удалите профиль.`,
} as const;
