/** Russian texts of the company, accreditation and employee calls (spec 3 §4.3, §4.5, §7.2, §8). */
export const COMPANY_TEXTS = {
  noCompany: 'У вас пока нет компании. Заполните данные компании в профиле.',
  companyNotFound: 'Компания не найдена',
  ownerOnly: 'Это действие доступно только администратору компании',
  unchanged: 'Данные компании не изменились',
  namesRequired: 'Заполните имя и фамилию в профиле, затем сохраните данные компании',
  logoTooLarge: 'Размер логотипа не должен превышать 5 МБ',
  logoFormat: 'Логотип должен быть изображением PNG, JPEG или WebP',
  documentTooLarge: 'Размер документа не должен превышать 30 МБ',
  documentsTooLarge: 'Превышен размер загружаемых файлов... не должен превышать 100 МБ',
  documentFormat: 'Документ должен быть в формате PDF, JPEG, PNG, DOC, DOCX, XLS, XLSX, ODT или RTF',
  documentBroken: 'Документ повреждён: откройте его, сохраните заново и загрузите снова',
  documentUnpackedTooLarge: 'Документ после распаковки больше 256 МБ: сохраните его в PDF и загрузите снова',
  documentNotFound: 'Документ не найден',
  tooManyDocuments: (max: number) => `Можно приложить не более ${max} документов`,

  notPending: 'Компания не ожидает аккредитации',
  notAccredited: 'Компания не аккредитована и не ожидает аккредитации',
  approved: (name: string) => `Компания ${name} аккредитована`,
  rejected: (name: string) => `Аккредитация компании ${name} отклонена`,

  employeeNotFound: 'Сотрудник с таким Email не найден',
  cannotRemoveSelf: 'Нельзя удалить из компании самого себя',
  cannotSwitchToSelf: 'Вы уже администратор компании',
  removed: (email: string) => `Сотрудник ${email} удалён из компании`,
  invitationRevoked: (email: string) => `Приглашение для ${email} отменено`,
  ownerSwitched: (email: string) => `Права администратора переданы сотруднику ${email}`,
  alreadyMember: 'Уже сотрудник компании',
  nobodyInvited: 'Никого не пригласили: все адреса уже принадлежат сотрудникам компании',
  invited: (n: number) => (n === 1 ? 'Приглашение отправлено' : 'Приглашения отправлены'),
  inviteNotFound: 'Приглашение не найдено или уже неактуально',
  confirmEmailFirst: 'Подтвердите Email, чтобы ответить на приглашение в компанию',
  accepted: (company: string) => `Вы присоединились к компании ${company}`,
  declined: 'Приглашение отклонено',
  companyNotAllowed: 'Эта компания вам недоступна',
  companyChanged: (company: string) => `Вы работаете от имени компании ${company}`,
} as const;

/** The invitation e-mail (docs/decisions/0033-employees-and-invitations.md). */
export const INVITATION_MAIL = {
  subject: (company: string) => `Приглашение в компанию ${company} на ЭТП РД`,
  text: (company: string, inviter: string, siteUrl: string) =>
    [
      'Здравствуйте!',
      '',
      `${inviter} приглашает вас работать от имени компании ${company} на электронной торговой площадке долговых портфелей ЭТП РД.`,
      '',
      `Если у вас есть аккаунт, войдите с этим адресом и примите приглашение в профиле: ${siteUrl}/profile`,
      `Если аккаунта нет, зарегистрируйтесь с этим адресом: ${siteUrl}/users/sign_up`,
      '',
      'Если вы не ждали приглашения, просто удалите это письмо.',
    ].join('\n'),
} as const;
