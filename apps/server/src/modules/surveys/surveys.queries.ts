/** SQL of survey answers: one per user and survey (and page, for CSI), serialised per user. */
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { surveyAnswers } from '../../db/schema/index.ts';

const SURVEY_LOCK_SPACE = 7_270_300;

/** Serialises one user's answers until the transaction ends, so a double click cannot answer twice. */
export async function lockUserAnswers(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SURVEY_LOCK_SPACE}, ${userId})`);
}

/** Whether the user answered the survey: on this page (`path`), or anywhere (`path` undefined). */
export async function hasAnswered(db: DbOrTx, userId: number, name: string, path?: string) {
  const [row] = await db
    .select({ id: surveyAnswers.id })
    .from(surveyAnswers)
    .where(
      and(
        eq(surveyAnswers.userId, userId),
        eq(surveyAnswers.name, name),
        path === undefined ? undefined : eq(surveyAnswers.path, path),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertAnswer(db: DbOrTx, row: typeof surveyAnswers.$inferInsert): Promise<void> {
  await db.insert(surveyAnswers).values(row);
}
