import { liveMessage } from '@etp/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/queryKeys.ts';
import { createLiveCacheWriter } from '../../live/liveCache.ts';
import { buildDeal } from './testDeal.ts';

describe('a deal_update live message', () => {
  it('has the lot’s "Сделка" block and the deal lists read again', () => {
    const queryClient = new QueryClient();
    const deal = buildDeal();
    queryClient.setQueryData(queryKeys.lotDeal(deal.lot_id), deal);
    queryClient.setQueryData(queryKeys.deals({ page: 1 }), { deals: [deal], total_count: 1, total_pages: 1 });
    queryClient.setQueryData(queryKeys.events(1), { collection: [] });
    const writer = createLiveCacheWriter(queryClient, () => new Promise(() => {}));
    writer.apply(
      liveMessage.deal_update(
        deal.briefcase_id,
        {
          deal_id: deal.id,
          lot_id: deal.lot_id,
          briefcase_id: deal.briefcase_id,
          attempt: 1,
          state: 'signed_by_seller',
          deadline_at: deal.deadline_at,
        },
        1,
      ),
    );
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(queryKeys.lotDeal(deal.lot_id))).toBe(true);
    expect(invalidated(queryKeys.deals({ page: 1 }))).toBe(true);
    // Only the deals: the user's other answers stay as they are.
    expect(invalidated(queryKeys.events(1))).toBe(false);
    writer.dispose();
  });
});
