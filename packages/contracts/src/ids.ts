/**
 * Ids of database rows: whole numbers from 1 to the database's integer maximum. One schema for every id a call
 * takes (path, query, body), so a number the database cannot hold is refused with 422 and a Russian message
 * before any query runs (a larger one used to reach PostgreSQL and answer 500).
 */
import { z } from 'zod';
import { DB_ID_MAX, ID_MESSAGE } from './idRange.ts';

/** An id as JSON gives it. */
export const dbIdNumber = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(DB_ID_MAX, ID_MESSAGE);

/** An id from a path or a query string (text), or from JSON. */
export const dbId = z.coerce
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .min(1, ID_MESSAGE)
  .max(DB_ID_MAX, ID_MESSAGE);

/** The `:id` of a path. */
export const idParams = z.object({ id: dbId });

/** The `:userId` of a path (an avatar). */
export const userIdParams = z.object({ userId: dbId });
/** The `:companyId` of a path (a company's logo). */
export const companyIdParams = z.object({ companyId: dbId });
/** The `:documentId` of a path (a company's accreditation document). */
export const documentIdParams = z.object({ documentId: dbId });
