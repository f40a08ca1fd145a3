/** SQL of one-time codes: SMS codes and e-mailed tokens, stored hashed (see codes.service.ts). */
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type CodePurpose, oneTimeCodes } from '../../db/schema/index.ts';

export type CodeRow = typeof oneTimeCodes.$inferSelect;

/** Serialises code issuing per target (a phone or an address) until the transaction ends. */
export async function lockCodeTarget(tx: DbOrTx, target: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`one_time_codes:${target}`}))`);
}

/**
 * When the last code of these purposes still unspent went to the target (a code used, replaced or never delivered
 * holds no resend pause), and how many went since `since`, spent or not.
 */
export async function codesSentTo(tx: DbOrTx, target: string, purposes: CodePurpose[], since: Date) {
  const filter = and(eq(oneTimeCodes.target, target), inArray(oneTimeCodes.purpose, purposes));
  const [last] = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(filter, isNull(oneTimeCodes.consumedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  const recent = await tx
    .select({ createdAt: oneTimeCodes.createdAt })
    .from(oneTimeCodes)
    .where(and(filter, gt(oneTimeCodes.createdAt, since)))
    .orderBy(oneTimeCodes.createdAt);
  return { lastAt: last?.createdAt ?? null, recent: recent.map((r) => r.createdAt) };
}

export async function countCodesSince(tx: DbOrTx, target: string, purpose: CodePurpose, since: Date) {
  const [row] = await tx
    .select({ n: count() })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.target, target),
        eq(oneTimeCodes.purpose, purpose),
        gt(oneTimeCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** Ends every live code of the purpose for the target (a new one replaces them). */
export async function killLiveCodes(tx: DbOrTx, purpose: CodePurpose, target: string, at: Date) {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.target, target),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

/** Ends every live code of the purpose issued to the user. */
export async function killUserCodes(tx: DbOrTx, purpose: CodePurpose, userId: number, at: Date) {
  await tx
    .update(oneTimeCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.userId, userId),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

export async function insertCode(
  tx: DbOrTx,
  row: Pick<
    typeof oneTimeCodes.$inferInsert,
    'purpose' | 'target' | 'userId' | 'codeHash' | 'expiresAt' | 'createdAt'
  >,
): Promise<number> {
  const [inserted] = await tx.insert(oneTimeCodes).values(row).returning({ id: oneTimeCodes.id });
  return inserted!.id;
}

/** The newest unconsumed code of the purpose for the target, locked for the check. */
export async function findLiveCodeForUpdate(tx: DbOrTx, purpose: CodePurpose, target: string) {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.purpose, purpose),
        eq(oneTimeCodes.target, target),
        isNull(oneTimeCodes.consumedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function findCodeForUpdate(tx: DbOrTx, purpose: CodePurpose, id: number) {
  const [row] = await tx
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.id, id), eq(oneTimeCodes.purpose, purpose)))
    .for('update');
  return row ?? null;
}

export async function recordFailedAttempt(tx: DbOrTx, id: number): Promise<number> {
  const [row] = await tx
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(eq(oneTimeCodes.id, id))
    .returning({ attempts: oneTimeCodes.attempts });
  return row!.attempts;
}

export async function consumeCode(tx: DbOrTx, id: number, at: Date): Promise<void> {
  await tx.update(oneTimeCodes).set({ consumedAt: at }).where(eq(oneTimeCodes.id, id));
}

export async function extendCode(tx: DbOrTx, id: number, until: Date): Promise<void> {
  await tx.update(oneTimeCodes).set({ expiresAt: until }).where(eq(oneTimeCodes.id, id));
}
