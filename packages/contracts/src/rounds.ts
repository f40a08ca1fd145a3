/** Next and second rounds (spec 2 §4 "Next and second rounds", §7). */
import { z } from 'zod';
import { dbIdNumber } from './ids.ts';

/** POST /api/v1/briefcases/{id}/round_requests/apply. */
export const applyRoundRequestsBody = z.object({
  lots: z
    .array(dbIdNumber, { error: 'Выберите лоты' })
    .min(1, 'Выберите лоты')
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, 'Лот указан повторно'),
});

/** GET /api/v1/briefcases/{id}/round_requests: per lot, the companies that applied (a participant sees its own). */
const roundRequestSchema = z.object({
  lot_id: z.number().int(),
  lot_number: z.number().int(),
  lot_name: z.string(),
  /** `applied_at`: ISO 8601, UTC. */
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), applied_at: z.string() })),
});

export const roundRequestsSchema = z.object({
  round_requests: z.array(roundRequestSchema),
  /** When applications close (ISO 8601, UTC): the end of trading plus round_request_ttl. */
  deadline: z.string().nullable(),
});
export type RoundRequests = z.infer<typeof roundRequestsSchema>;

/** Reply of next_round and second_round: the new procedure. */
export const createdRoundSchema = z.object({ id: z.number().int() });
export type CreatedRound = z.infer<typeof createdRoundSchema>;
