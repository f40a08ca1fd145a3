/** Russian texts of the auth area. */
export const AUTH_MESSAGES = {
  emailRequired: 'Введите Email',
  emailInvalid: 'Введите корректный Email',
  userNotFound: 'Пользователь с таким Email не найден',
  wrongPassword: 'Неверный пароль',
  refreshInvalid: 'Сессия истекла, войдите снова',
  sessionRevoked: 'Сессия завершена из соображений безопасности, войдите снова',
  signedOut: 'Вы вышли из системы',
  adminOnly: 'Доступно только администратору площадки',
} as const;
