/**
 * 422 for a call that takes no input: the server's net under every call (apps/server/src/http/idBounds.ts) refuses
 * an id-named query field beyond the database's integer before any route runs, whatever the route takes.
 */
export const ID_NET = [422] as const;
