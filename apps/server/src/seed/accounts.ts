/** Inserts the demo companies, users, memberships and an invitation. */
import { DAY_MS, HOUR_MS } from '@etp/domain';
import type { DbOrTx } from '../db/client.ts';
import { companies, invitations, memberships, type NotificationSettings, users } from '../db/schema/index.ts';
import { type CompanyKey, DEMO_PASSWORD, type UserKey, type UserSeed } from './accounts.data.ts';
import { COMPANIES } from './companies.data.ts';

const USERS: readonly UserSeed[] = [
  {
    key: 'admin',
    email: 'admin@etp-rd.ru',
    firstName: 'Алексей',
    lastName: 'Воронцов',
    phone: '79160000001',
    company: 'operator',
    owner: true,
    admin: true,
    label: 'Администратор площадки',
    description: 'Модерация процедур, аккредитация компаний, мониторинг торгов',
  },
  {
    key: 'sellerBank',
    email: 'seller.bank@etp-rd.ru',
    firstName: 'Екатерина',
    lastName: 'Миронова',
    phone: '79211234501',
    company: 'sellerBank',
    owner: true,
    admin: false,
    label: 'Продавец: банк',
    description: 'Владелец компании «Банк Северная Столица»: процедуры банка, выбор победителей',
  },
  {
    key: 'employeeBank',
    email: 'employee.bank@etp-rd.ru',
    firstName: 'Денис',
    lastName: 'Ковалёв',
    phone: '79211234502',
    company: 'sellerBank',
    owner: false,
    admin: false,
    label: 'Продавец: сотрудник банка',
    description: 'Сотрудник «Банка Северная Столица» (не владелец компании)',
  },
  {
    key: 'sellerMfo',
    email: 'seller.mfo@etp-rd.ru',
    firstName: 'Ольга',
    lastName: 'Гусева',
    phone: '79131234503',
    company: 'sellerMfo',
    owner: true,
    admin: false,
    label: 'Продавец: МФО',
    description: 'Владелец компании МФК «Быстроденьги Плюс»',
  },
  {
    key: 'buyerBank',
    email: 'buyer.bank@etp-rd.ru',
    firstName: 'Павел',
    lastName: 'Зайцев',
    phone: '79031234504',
    company: 'buyerBank',
    owner: true,
    admin: false,
    label: 'Покупатель: банк',
    description: 'АО «Коллект Банк», участвует в том числе в торгах «банк — банку»',
  },
  {
    key: 'buyerMfo',
    email: 'buyer.mfo@etp-rd.ru',
    firstName: 'Рустам',
    lastName: 'Хабибуллин',
    phone: '79171234505',
    company: 'buyerMfo',
    owner: true,
    admin: false,
    label: 'Покупатель: МФО',
    description: 'ООО МКК «Займ Экспресс»',
  },
  {
    key: 'buyerLegal',
    email: 'buyer.legal@etp-rd.ru',
    firstName: 'Илья',
    lastName: 'Соколов',
    phone: '79221234506',
    company: 'buyerLegal',
    owner: true,
    admin: false,
    label: 'Покупатель: коллекторское агентство',
    description: 'ООО «ПКО Долговой центр» (ОКВЭД 82.91, в реестре ФССП)',
  },
  {
    key: 'buyerSelf',
    email: 'buyer.self@etp-rd.ru',
    firstName: 'Дмитрий',
    lastName: 'Кравцов',
    phone: '79184561230',
    company: 'buyerSelf',
    owner: true,
    admin: false,
    label: 'Покупатель: индивидуальный предприниматель',
    description: 'ИП Кравцов Дмитрий Олегович',
  },
  {
    key: 'buyerPhysical',
    email: 'buyer.physical@etp-rd.ru',
    firstName: 'Анна',
    lastName: 'Белова',
    phone: '79276543210',
    company: 'buyerPhysical',
    owner: true,
    admin: false,
    label: 'Покупатель: физическое лицо',
    description: 'Белова Анна Сергеевна',
  },
  {
    key: 'newbie',
    email: 'newbie@etp-rd.ru',
    firstName: 'Егор',
    lastName: 'Романов',
    phone: '79051234509',
    company: 'newbie',
    owner: true,
    admin: false,
    label: 'Пользователь без аккредитации',
    description: 'ООО «Новый Кредитор»: заявка на аккредитацию на рассмотрении, торги недоступны',
  },
];

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
  description: string;
}

export function demoAccounts(): DemoAccount[] {
  return USERS.map((u) => ({
    role: u.label,
    email: u.email,
    password: DEMO_PASSWORD,
    description: u.description,
  }));
}

const ALL_ON: NotificationSettings = {
  lot_mailer: { won: true, lost: true, ousted: true, started: true, finished: true, daily_summary: false },
  autobid_mailer: { maxed_out: true },
  invitation_mailer: { invited: true },
  deal_mailer: { steps: true },
};

export interface AccountIds {
  company: Record<CompanyKey, number>;
  user: Record<UserKey, number>;
}

export async function insertAccounts(tx: DbOrTx, now: Date, passwordHash: string): Promise<AccountIds> {
  const t = now.getTime();
  const companyRows = await tx
    .insert(companies)
    .values(
      COMPANIES.map(({ key: _key, accredited, age, ...c }) => ({
        ...c,
        agreement: accredited,
        goodStanding: accredited,
        accreditationStatus: accredited ? ('approved' as const) : ('pending' as const),
        accreditationRequestedAt: new Date(t - age * DAY_MS + 2 * HOUR_MS),
        accreditedAt: accredited ? new Date(t - (age - 1) * DAY_MS) : null,
        createdAt: new Date(t - age * DAY_MS),
        updatedAt: new Date(t - Math.max(age - 1, 1) * DAY_MS),
      })),
    )
    .returning({ id: companies.id });
  const company = Object.fromEntries(COMPANIES.map((c, i) => [c.key, companyRows[i]!.id])) as Record<
    CompanyKey,
    number
  >;
  const ageOf = (key: CompanyKey) => COMPANIES.find((c) => c.key === key)?.age ?? 30;

  const userRows = await tx
    .insert(users)
    .values(
      USERS.map((u) => ({
        email: u.email,
        confirmedEmail: true,
        phone: u.phone,
        confirmedPhone: true,
        passwordHash,
        firstName: u.firstName,
        lastName: u.lastName,
        role: u.admin ? ('admin' as const) : ('user' as const),
        notificationSettings: ALL_ON,
        currentCompanyId: company[u.company],
        createdAt: new Date(t - ageOf(u.company) * DAY_MS + (u.owner ? 0 : 20 * DAY_MS)),
        updatedAt: new Date(t - DAY_MS),
      })),
    )
    .returning({ id: users.id });
  const user = Object.fromEntries(USERS.map((u, i) => [u.key, userRows[i]!.id])) as Record<UserKey, number>;

  await tx.insert(memberships).values(
    USERS.map((u) => ({
      userId: user[u.key],
      companyId: company[u.company],
      owner: u.owner,
      createdAt: new Date(t - ageOf(u.company) * DAY_MS + (u.owner ? 0 : 20 * DAY_MS)),
    })),
  );

  // A pending invitation of a second bank employee, to show the employees screen.
  await tx.insert(invitations).values({
    companyId: company.sellerBank,
    email: 'analyst.bank@etp-rd.ru',
    invitedByUserId: user.sellerBank,
    status: 'pending',
    createdAt: new Date(t - 3 * DAY_MS),
  });

  return { company, user };
}
