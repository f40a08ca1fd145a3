/** SQL of account changes made by sign-in, registration and password calls. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;

export async function findUserByPhone(db: DbOrTx, phone: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** Any user holding the phone, deleted ones too: the unique index counts them. */
export async function isPhoneTaken(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return Boolean(row);
}

export async function isEmailTaken(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

export async function findUserById(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

/** The user waiting to confirm this address as their new e-mail. */
export async function findUserByUnconfirmedEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.unconfirmedEmail}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function findUserByOidcSubject(db: DbOrTx, subject: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcSubject, subject), isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export type UserChanges = Partial<
  Pick<
    NewUser,
    | 'email'
    | 'unconfirmedEmail'
    | 'confirmedEmail'
    | 'phone'
    | 'confirmedPhone'
    | 'passwordHash'
    | 'firstName'
    | 'lastName'
    | 'oidcSubject'
  >
>;

export async function updateUser(db: DbOrTx, id: number, changes: UserChanges, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, id));
}

/** Closes every session of the user (all refresh families). */
export async function revokeUserSessions(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** The unique index a failed insert or update ran into ('users_phone_key'...), or null for other errors. */
export function uniqueViolation(error: unknown): string | null {
  for (let e = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
