/**
 * A procedure's card and its feed entries, as live messages change them: written at once from a message's fields,
 * or re-read at most once a CARD_REFRESH_MS while its lots change (bid counts, the viewer's sum of bids) and copied
 * into the feed pages. Shared by the channels' handlers (liveCache.ts).
 */
import type { BriefcaseCard, BriefcaseCardAttributes, BriefcaseList } from '@etp/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { createKeyedThrottle } from '../keyedThrottle.ts';

/** How often a procedure's card is re-read while its lots change. */
const CARD_REFRESH_MS = 1000;

export type CardPatch = Partial<BriefcaseCardAttributes>;

export interface ProcedureCardWriter {
  /** The cached card's attributes, if the card was read. */
  cardOf(id: number): BriefcaseCardAttributes | null;
  /** Writes the fields into the cached card and every feed entry of the procedure. */
  patchCard(id: number, patch: CardPatch): void;
  /** At most one re-read of a card per CARD_REFRESH_MS: the first at once, the last of a burst at the end. */
  scheduleRefresh(id: number): void;
  dispose(): void;
}

export function createProcedureCardWriter(
  queryClient: QueryClient,
  fetchCard: (id: number) => Promise<BriefcaseCard>,
): ProcedureCardWriter {
  const cardRefresh = createKeyedThrottle(CARD_REFRESH_MS);

  const cardOf = (id: number) =>
    queryClient.getQueryData<BriefcaseCard>(queryKeys.briefcase(id))?.attributes ?? null;

  function patchFeed(id: number, patch: CardPatch): void {
    queryClient.setQueriesData<BriefcaseList>({ queryKey: ['briefcases', 'list'] }, (list) => {
      if (!list?.briefcases.some((b) => b.id === id)) return list;
      return {
        ...list,
        briefcases: list.briefcases.map((b) =>
          b.id === id ? { ...b, attributes: { ...b.attributes, ...pick(patch, b.attributes) } } : b,
        ),
      };
    });
  }

  const shownInFeed = (id: number) =>
    queryClient
      .getQueriesData<BriefcaseList>({ queryKey: ['briefcases', 'list'] })
      .some(([, list]) => list?.briefcases.some((b) => b.id === id));

  async function refreshCard(id: number): Promise<void> {
    if (!cardOf(id) && !shownInFeed(id)) return;
    try {
      const card = await queryClient.fetchQuery({
        queryKey: queryKeys.briefcase(id),
        queryFn: () => fetchCard(id),
        staleTime: 0,
      });
      if (card.attributes) patchFeed(id, card.attributes);
    } catch {
      // The next update or the reconnect re-reads it.
    }
  }

  return {
    cardOf,
    patchCard(id, patch) {
      queryClient.setQueryData<BriefcaseCard>(queryKeys.briefcase(id), (card) =>
        card?.attributes ? { ...card, attributes: { ...card.attributes, ...patch } } : card,
      );
      patchFeed(id, patch);
    },
    scheduleRefresh(id) {
      cardRefresh.schedule(String(id), () => void refreshCard(id));
    },
    dispose() {
      cardRefresh.dispose();
    },
  };
}

/** The fields of `patch` a feed entry has (a card carries more than a feed entry). */
function pick<T extends object>(patch: CardPatch, target: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) if (key in target) out[key] = value;
  return out as Partial<T>;
}
