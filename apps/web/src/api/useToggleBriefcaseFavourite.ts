import type { BriefcaseCard, BriefcaseList } from '@etp/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './call.ts';
import { OPERATIONS } from './operations.ts';
import { queryKeys } from './queryKeys.ts';

/**
 * PUT /api/v1/briefcases/{id}/toggle_favorite. The star changes at once in every cached feed page and the card;
 * afterwards the lists, the card and the tab counters are read again (the server's answer wins).
 */
export function useToggleBriefcaseFavourite(id: number) {
  const queryClient = useQueryClient();
  const mark = (favourite: boolean) => {
    queryClient.setQueriesData<BriefcaseList>({ queryKey: ['briefcases', 'list'] }, (list) =>
      list
        ? {
            ...list,
            briefcases: list.briefcases.map((item) =>
              item.id === id
                ? { ...item, attributes: { ...item.attributes, is_favorited: favourite } }
                : item,
            ),
          }
        : list,
    );
    queryClient.setQueryData<BriefcaseCard>(queryKeys.briefcase(id), (card) =>
      card?.attributes ? { ...card, attributes: { ...card.attributes, is_favorited: favourite } } : card,
    );
  };
  return useMutation({
    mutationFn: (_favourite: boolean) => call(OPERATIONS.toggleFavoriteBriefcase, { params: { id } }),
    onMutate: (favourite) => mark(favourite),
    onError: (_error, favourite) => mark(!favourite),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['briefcases', 'list'] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.briefcase(id) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.briefcaseCounts }),
      ]),
  });
}
