/**
 * The range of a row id, without the schema library: the web app imports these, and a module that builds zod
 * schemas at its top level would bring all of zod into the browser's first load (decisions/0112, 0145).
 */

/** The largest value of a PostgreSQL `integer` (serial) column: 2^31 − 1. */
export const DB_ID_MAX = 2_147_483_647;

export const ID_MESSAGE = `Неверный идентификатор: нужно целое число от 1 до ${DB_ID_MAX}`;

/** True when `value` may be the id of a row. */
export const isDbId = (value: number): boolean => Number.isInteger(value) && value >= 1 && value <= DB_ID_MAX;
