/**
 * Every call of the API (decisions/0254), by area. The server documents each in the OpenAPI document and checks each
 * reply against it in its tests; the web app calls only through these (apps/web/src/api/call.ts).
 */
import { type Operation, routeKeyOf } from '../operation.ts';
import { accountOperations } from './accounts.ts';
import { authOperations } from './auth.ts';
import { dealOperations } from './deals.ts';
import { documentOperations, downloadOperations } from './documents.ts';
import { procedureOperations } from './procedures.ts';
import { registryOperations } from './registries.ts';
import { systemOperations } from './system.ts';
import { tradingOperations } from './trading.ts';
import { companySwitchOperations, userOperations } from './user.ts';
import { wizardOperations } from './wizard.ts';

/** In this order the route table lists them (scripts/routeTable.ts writes packages/contracts/src/routeTable.ts). */
export const OPERATIONS = {
  ...authOperations,
  ...userOperations,
  ...systemOperations,
  ...accountOperations,
  ...procedureOperations,
  ...documentOperations,
  ...wizardOperations,
  ...registryOperations,
  ...companySwitchOperations,
  ...downloadOperations,
  ...tradingOperations,
  ...dealOperations,
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

/** The operation of a route as Fastify names it (`GET /api/v1/lots/:id`), with its id. */
export const OPERATION_BY_ROUTE: ReadonlyMap<string, { id: OperationId; op: Operation }> = new Map(
  (Object.entries(OPERATIONS) as [OperationId, Operation][]).map(([id, op]) => [routeKeyOf(op), { id, op }]),
);
