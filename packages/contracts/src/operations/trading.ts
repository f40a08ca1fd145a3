/** Lots, bids and autobids, batch autobids, rounds, winners, a procedure's statistics and the price forecast. */
import { z } from 'zod';
import { lotAttributesSchema } from '../lots.ts';
import { operation } from '../operation.ts';
import { briefcaseStatsSchema } from '../statistics.ts';

export const tradingOperations = {
  listLots: operation({
    method: 'GET',
    path: '/api/v1/lots',
    summary: 'A procedure’s lots, a page at a time (the Торги tab)',
    tag: 'lots',
    reply: z.object({
      lots: z.array(z.object({ id: z.number().int(), attributes: lotAttributesSchema })),
      total_pages: z.number().int(),
      total_count: z.number().int(),
      bids_status: z.string(),
    }),
  }),
  getLot: operation({
    method: 'GET',
    path: '/api/v1/lots/:id',
    summary: 'One lot',
    tag: 'lots',
    reply: z.object({ id: z.number().int(), attributes: lotAttributesSchema }),
  }),
  getBriefcaseStats: operation({
    method: 'GET',
    path: '/api/v1/charts/briefcases/:id/stats',
    summary: 'A procedure’s statistics (the Статистика tab)',
    tag: 'statistics',
    reply: briefcaseStatsSchema,
  }),
} as const;
