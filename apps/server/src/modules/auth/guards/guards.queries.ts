/**
 * SQL of the guards: the fingerprint of what decides a trading call, and the check that a cached context is
 * still what the database holds (decisions/0017).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, memberships, refreshTokens, users } from '../../../db/schema/index.ts';
import type { AuthContext } from './routeGuards.ts';

/**
 * What of a user decides a trading call, as one string computed in SQL: role, deletion, current company, and each
 * membership with its company's standing, kind, registry flags and name. Equal strings, same decisions. Each company
 * is read by its key (a scalar subquery per membership), so the cost stays a few index lookups whatever the number
 * of companies: a join left the plan free to hash the whole companies table for every bid of a batch.
 */
function contextFingerprint(userId: number | SQL): SQL<string> {
  return sql<string>`(select md5(concat_ws('|', u.role, u.deleted_at is null, u.current_company_id,
    (select string_agg((select concat_ws(':', m.company_id, m.owner, c.good_standing, c.kind, c.fssp, c.okved, c.name)
         from ${companies} c where c.id = m.company_id), ',' order by m.company_id)
       from ${memberships} m where m.user_id = u.id)))
    from ${users} u where u.id = ${userId})`;
}

/**
 * True when the session is open and the user's rows still give `fingerprint` (values, or columns of a statement
 * that checks many sessions at once, as the bid batch does).
 */
export function sessionCheck(
  sessionId: string | SQL,
  userId: number | SQL,
  fingerprint: string | SQL,
): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${refreshTokens} t where t.family_id = ${sessionId}::uuid
      and t.user_id = ${userId} and t.revoked_at is null)
    and ${contextFingerprint(userId)} = ${fingerprint})`;
}

/** True when the session is open and the user's rows still match what the cached context was loaded from. */
export function sessionStillValid(auth: AuthContext): SQL<boolean> {
  if (auth.cachedFingerprint === undefined) return sql<boolean>`true`;
  return sessionCheck(auth.sessionId, auth.user.id, auth.cachedFingerprint);
}

/**
 * The user's fingerprint and whether the session (the refresh-token family) is still open, in one statement; run
 * in the snapshot the context is then loaded from. Undefined when the statement returned no row.
 */
export async function readSessionFingerprint(
  tx: DbOrTx,
  userId: number,
  sessionId: string,
): Promise<{ print: string | null; live: boolean } | undefined> {
  const checked = await tx.execute(sql`select ${contextFingerprint(userId)} as print,
            exists (select 1 from ${refreshTokens} r where r.family_id = ${sessionId}::uuid and r.user_id = ${userId}
              and r.revoked_at is null) as live`);
  const [row] = (checked as unknown as { rows: { print: string | null; live: boolean }[] }).rows;
  return row;
}
