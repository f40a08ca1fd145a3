/**
 * Every call of the API (decisions/0254), by area. The server documents each in the OpenAPI document and checks each
 * reply against it in its tests; the web app calls only through these (apps/web/src/api/call.ts).
 */
import { type Operation, routeKeyOf } from '../operation.ts';
import { accountOperations } from './accounts.ts';
import { authOperations } from './auth.ts';
import { dealOperations } from './deals.ts';
import { procedureOperations } from './procedures.ts';
import { tradingOperations } from './trading.ts';

export const OPERATIONS = {
  ...authOperations,
  ...accountOperations,
  ...procedureOperations,
  ...tradingOperations,
  ...dealOperations,
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

/** The operation of a route as Fastify names it (`GET /api/v1/lots/:id`), with its id. */
export const OPERATION_BY_ROUTE: ReadonlyMap<string, { id: OperationId; op: Operation }> = new Map(
  (Object.entries(OPERATIONS) as [OperationId, Operation][]).map(([id, op]) => [routeKeyOf(op), { id, op }]),
);
