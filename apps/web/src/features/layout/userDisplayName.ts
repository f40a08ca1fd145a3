import type { User } from '@etp/contracts';
import { LAYOUT_MESSAGES } from './messages.ts';

/** 'Имя Фамилия', else the e-mail, else the phone, else 'Пользователь'. */
export function userDisplayName(user: Pick<User, 'first_name' | 'last_name' | 'email' | 'phone'>): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email || user.phone || LAYOUT_MESSAGES.user.unnamed;
}
