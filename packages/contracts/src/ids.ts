/**
 * Ids of database rows: whole numbers from 1 to the database's integer maximum. One schema for every id a call
 * takes (path, query, body), so a number the database cannot hold is refused with 422 and a Russian message
 * before any query runs (a larger one used to reach PostgreSQL and answer 500).
 */
import { z } from 'zod';

/** The largest value of a PostgreSQL `integer` (serial) column: 2^31 − 1. */
export const DB_ID_MAX = 2_147_483_647;

export const ID_MESSAGE = `Неверный идентификатор: нужно целое число от 1 до ${DB_ID_MAX}`;

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

/** True when `value` may be the id of a row. */
export const isDbId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= DB_ID_MAX;
