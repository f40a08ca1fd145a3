/** Builders of rows for tests: sensible defaults, override what the test is about. */
import type { Db } from '../../src/db/client.ts';
import { briefcases, companies, lots, memberships, users } from '../../src/db/schema/index.ts';
import { hashPassword } from '../../src/modules/auth/credentials/passwords.ts';

export const PASSWORD = 'Secret-pass-1';

const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

let sequence = 0;
const next = () => ++sequence;

export async function buildCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(companies)
    .values({
      kind: 'legal',
      name: `ООО «Тест ${n}»`,
      fullName: `Общество с ограниченной ответственностью «Тест ${n}»`,
      inn: String(7700000000 + n),
      goodStanding: true,
      accreditationStatus: 'approved',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildUser(
  db: Db,
  options: {
    company?: { id: number } | null;
    owner?: boolean;
    role?: 'user' | 'admin';
    password?: string;
  } & Partial<typeof users.$inferInsert> = {},
) {
  const { company, owner = true, role = 'user', password = PASSWORD, ...overrides } = options;
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      email: `user${n}@example.ru`,
      phone: `7916${String(1000000 + n).padStart(7, '0')}`,
      firstName: 'Иван',
      lastName: 'Петров',
      role,
      passwordHash: await hashOnce(password),
      currentCompanyId: company?.id ?? null,
      ...overrides,
    })
    .returning();
  if (company) await db.insert(memberships).values({ userId: user!.id, companyId: company.id, owner });
  return user!;
}

export async function buildBriefcase(
  db: Db,
  company: { id: number },
  overrides: Partial<typeof briefcases.$inferInsert> = {},
) {
  const [row] = await db
    .insert(briefcases)
    .values({
      companyId: company.id,
      auctionType: 'classic',
      status: 'ready',
      startDatetime: new Date('2026-11-25T08:00:00Z'),
      endDatetime: new Date('2026-11-25T10:00:00Z'),
      amountTotal: 100_000_000,
      amountBottomline: 150_000_000,
      startPrice: 9_000_000,
      itemsCount: 120,
      activity: 'banking',
      sourceKind: 'overdue_loans',
      sourceDebtorType: 'individuals',
      liability: 'unsecured',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildLot(
  db: Db,
  briefcase: { id: number },
  overrides: Partial<typeof lots.$inferInsert> = {},
) {
  const [row] = await db
    .insert(lots)
    .values({
      briefcaseId: briefcase.id,
      number: next(),
      startPrice: 1_000_000,
      stepPrice: 100_000,
      ...overrides,
    })
    .returning();
  return row!;
}
