/**
 * Writing events (docs/decisions/0034-events.md). An event is written in the transaction of the change it
 * reports, so it exists exactly when the change does; its Russian text is fixed when it happens.
 */

import type { DbOrTx } from '../../db/client.ts';
import type { EventKind } from '../../db/schema/index.ts';
import { companyUserIds, insertEvents, type NewEvent } from './events.queries.ts';

export interface EventInput {
  kind: EventKind;
  text: string;
  companyId?: number | null;
  briefcaseId?: number | null;
  lotId?: number | null;
  /** Anything else worth keeping (a reason, who acted); `text` is added to it. */
  payload?: Record<string, unknown>;
  at: Date;
}

/** One event for one user. */
export async function recordEvent(tx: DbOrTx, userId: number, input: EventInput): Promise<void> {
  await recordEvents(tx, [userId], input);
}

/** The same event for several users. */
export async function recordEvents(tx: DbOrTx, userIds: number[], input: EventInput): Promise<void> {
  await insertEvents(tx, eventRows(userIds, input));
}

/** The rows of an event for these users (each once), for a caller that writes them with others. */
export function eventRows(userIds: number[], input: EventInput): NewEvent[] {
  return [...new Set(userIds)].map((userId) => ({
    userId,
    kind: input.kind,
    companyId: input.companyId ?? null,
    briefcaseId: input.briefcaseId ?? null,
    lotId: input.lotId ?? null,
    payload: { ...input.payload, text: input.text },
    createdAt: input.at,
  }));
}

/** The event for every current user of the company. */
export async function recordCompanyEvent(
  tx: DbOrTx,
  companyId: number,
  input: Omit<EventInput, 'companyId'>,
): Promise<void> {
  await recordEvents(tx, await companyUserIds(tx, companyId), { ...input, companyId });
}
