/**
 * The operations as the web app's client uses them (decisions/0254): at run time only each one's method, path and
 * publicness (ROUTE_TABLE, generated from the contract by scripts/routeTable.ts), so the first page does not load every
 * contract's schemas; at compile time the whole operation's types, so `call()` types paths, bodies and replies. The
 * client reads nothing else of an operation (call.ts: method, path, public).
 */
import { type OPERATIONS as CONTRACT_OPERATIONS, ROUTE_TABLE } from '@etp/contracts';

export const OPERATIONS = ROUTE_TABLE as unknown as typeof CONTRACT_OPERATIONS;
