/** Russian texts of the personal profile and the invitation card (spec 3 §2.5, §3, §4.5, §8). */
export const PROFILE_MESSAGES = {
  profileTitle: 'Профиль',
  sectionsLabel: 'Разделы профиля',
  companyTitle: 'Данные компании',
  employeesTitle: 'Сотрудники',
  eventsTitle: 'События',
  dealsTitle: 'Мои сделки',
  loadFailed: 'Не удалось загрузить профиль. Попробуйте обновить страницу.',

  personal: 'Личные данные',
  firstName: 'Имя',
  lastName: 'Фамилия',
  save: 'Сохранить',
  cancel: 'Отмена',
  updated: 'Данные профиля обновлены',
  updateFailed: 'Не удалось обновить данные. Попробуйте позднее.',
  fillNamesHint: 'Заполните имя и фамилию: без них нельзя отправить компанию на аккредитацию.',
  registered: (date: string) => `На площадке с ${date}`,
  roles: { user: 'Участник', admin: 'Администратор площадки' },

  avatar: 'Фото профиля',
  uploadAvatar: 'Загрузить фото',
  removeAvatar: 'Удалить фото',
  avatarHint: 'PNG, JPEG или WebP, не больше 5 МБ',
  avatarTooLarge: 'Размер аватара не должен превышать 5 МБ',

  phoneTitle: 'Телефон',
  phone: 'Номер телефона',
  noPhone: 'Номер телефона не указан',
  confirmed: 'подтверждён',
  notConfirmed: 'не подтверждён',
  changePhone: 'Изменить номер',
  addPhone: 'Указать номер',
  confirmPhone: 'Подтвердить номер',
  getCode: 'Получить код',
  phoneConfirmed: 'Номер телефона подтверждён',
  phoneConfirmFailed: 'Не удалось подтвердить телефон. Попробуйте позднее.',
  codeRequestFailed: 'Не удалось отправить код. Попробуйте позднее.',

  emailTitle: 'Email',
  email: 'Email',
  newEmail: 'Новый Email',
  noEmail: 'Email не указан',
  changeEmail: 'Изменить Email',
  addEmail: 'Указать Email',
  emailNotConfirmed: 'Email не подтверждён: откройте ссылку из письма, которое мы отправили на этот адрес.',
  emailAwaiting: (email: string) =>
    `Новый адрес ${email} ожидает подтверждения: откройте ссылку из письма. До этого уведомления приходят на прежний адрес.`,
  resendConfirmation: 'Отправить письмо ещё раз',
  confirmationSent: 'Письмо со ссылкой для подтверждения отправлено',
  emailChangeFailed: 'Не удалось обновить данные. Попробуйте позднее.',
  confirmFailed: 'Не удалось подтвердить Email. Попробуйте позднее.',

  passwordTitle: 'Пароль',
  passwordSet: 'Пароль задан',
  passwordNotSet: 'Пароль не задан: задайте его, чтобы входить по Email',
  currentPassword: 'Текущий пароль',
  newPassword: 'Новый пароль',
  repeatPassword: 'Повторите пароль',
  changePassword: 'Сменить пароль',
  setPassword: 'Задать пароль',
  passwordChanged: 'Пароль изменён',
  passwordChangeFailed: 'Не удалось сменить пароль. Попробуйте позднее.',
  passwordHint:
    'Не менее 6 символов. Надёжнее — латинские заглавные и строчные буквы, цифра и специальный символ.',

  strategyTitle: 'Подтверждение входа',
  strategies: {
    sms: 'Кодом из SMS на мой телефон',
    email: 'Только Email и паролем',
  },
  strategyHint: 'Как вы предпочитаете подтверждать вход на площадку.',

  notificationsTitle: 'Уведомления на Email',
  notificationsHint: 'Выберите, о чём сообщать вам на почту.',
  notificationGroups: {
    lot_mailer: 'Торги и лоты',
    autobid_mailer: 'Автоставки',
    invitation_mailer: 'Компания',
    deal_mailer: 'Сделки',
  },
  notifications: {
    won: 'Вы выиграли лот',
    lost: 'Лот достался другому участнику',
    ousted: 'Вашу ставку перебили',
    started: 'Начались торги по процедуре, в которой вы участвуете',
    finished: 'Торги по процедуре завершились',
    daily_summary: 'Ежедневная сводка по торгам',
    maxed_out: 'Автоставка достигла максимума',
    invited: 'Вас пригласили в компанию',
    steps: 'Шаги сделки по моим лотам: подписание, оплата, передача реестра',
  },
  /** Shown under a switch whose off does not silence everything of its kind (decisions/0261). */
  notificationHelp: {
    steps:
      'О том, что сделка не состоялась, отменена или лот предложен второму участнику, мы пишем всегда: пропущенный срок может сорвать сделку.',
  } as Partial<Record<string, string>>,

  deleteTitle: 'Удаление профиля',
  deleteHint:
    'Профиль будет удалён без возможности восстановления, а вы — выведены из всех компаний. Ставки и итоги торгов сохранятся на площадке.',
  deleteProfile: 'Удалить профиль',
  deleteConfirmTitle: 'Удалить профиль?',
  deleteConfirmText:
    'Войти в этот профиль будет нельзя, а номер телефона и Email нельзя будет использовать для новой регистрации.',
  deleteConfirm: 'Удалить',
  deleteFailed: 'Не удалось удалить профиль. Попробуйте позднее.',

  invitation: {
    title: 'Приглашение в компанию',
    text: (company: string, by: string | null) =>
      by
        ? `${by} приглашает вас работать на площадке от имени компании ${company}.`
        : `Вас приглашают работать на площадке от имени компании ${company}.`,
    accept: 'Принять',
    decline: 'Отклонить',
    accepted: (company: string) => `Вы присоединились к компании ${company}`,
    declined: 'Приглашение отклонено',
    failed: 'Не удалось ответить на приглашение. Попробуйте позднее.',
  },
} as const;
