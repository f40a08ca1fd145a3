/**
 * SQL of autobids (proxy maximums): the company's own on a lot, enabling, disabling, the enabled ones the engine
 * runs, the companies' ones a notice names.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { autobids } from '../../db/schema/index.ts';

export type NewAutobid = typeof autobids.$inferInsert;

/** The company's autobid on the lot, locked (FOR UPDATE) for the enable or disable that follows. */
export async function lockOwnAutobid(tx: DbOrTx, lotId: number, companyId: number) {
  const [row] = await tx
    .select()
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), eq(autobids.companyId, companyId)))
    .for('update');
  return row ?? null;
}

export async function insertAutobid(tx: DbOrTx, values: NewAutobid): Promise<void> {
  await tx.insert(autobids).values(values);
}

export async function updateAutobid(tx: DbOrTx, id: number, changes: Partial<NewAutobid>): Promise<void> {
  await tx.update(autobids).set(changes).where(eq(autobids.id, id));
}

/** Turns off the autobids that reached their maximum (the engine's answer found them out-bid). */
export async function disableAutobids(tx: DbOrTx, ids: number[], at: Date): Promise<void> {
  await tx
    .update(autobids)
    .set({ enabled: false, disabledAt: at, updatedAt: at })
    .where(inArray(autobids.id, ids));
}

export async function findEnabledAutobids(tx: DbOrTx, lotId: number) {
  return tx
    .select()
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), eq(autobids.enabled, true)))
    .orderBy(asc(autobids.createdAt), asc(autobids.id));
}

/** The autobids of these companies on the lot (enabled or not), with who set them. */
export async function findCompanyAutobids(db: DbOrTx, lotId: number, companyIds: number[]) {
  return db
    .select({ companyId: autobids.companyId, userId: autobids.userId, enabled: autobids.enabled })
    .from(autobids)
    .where(and(eq(autobids.lotId, lotId), inArray(autobids.companyId, companyIds)));
}
