/** SQL of the auth area: users by e-mail, refresh-token rows and families. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
    .limit(1);
  return row ?? null;
}

export async function insertRefreshToken(
  db: DbOrTx,
  row: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

/** Locks the token row so two concurrent refreshes with the same token cannot both succeed. */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row ?? null;
}

export async function markRefreshTokenUsed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * True unless the session (refresh family) is open and belongs to `userId`: a session id is bound to its user, so
 * a token naming another user's id with a live session id opens nothing.
 */
export async function isFamilyRevoked(db: DbOrTx, familyId: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
      ),
    );
  return (row?.n ?? 0) === 0;
}
