/** Russian texts of next and second rounds (spec 2 §8 where given, ours otherwise). */
export const ROUND_TEXTS = {
  // Spec 2 §8.
  applied: 'Заявка на участие в следующем туре отправлена организатору',
  // Ours.
  nextRoundCreated: 'Следующий тур создан',
  secondRoundCreated: 'Второй тур создан',
  applyFailed: 'Заявка не отправлена',
  sellerCannotApply: 'Организатор торгов не подаёт заявки на следующий тур',
  adminCannotApply: 'Администратор не подаёт заявки на следующий тур',
  onlyBidders: 'Заявку на следующий тур может подать только участник, делавший ставки в этой процедуре',
  noNextRound: 'Следующий тур проводится только для классического и голландского аукционов',
  notAccepting: 'Заявки на следующий тур принимаются после окончания торгов',
  expired: 'Срок приёма заявок на следующий тур истёк',
  lotNotFound: (id: number) => `Лот ${id} не найден в этой торговой процедуре`,
  lotNotOpen: (name: string) => `${name}: заявки принимаются только по лотам, завершённым без победителя`,
  undecidedLots: 'Следующий тур создаётся после того, как организатор подведёт итоги по всем лотам',
  notClosed: 'Следующий тур можно создать только по завершённой торговой процедуре',
  noRequests: 'Нет заявок на участие в следующем туре по лотам без победителя',
  ownerOnly: 'Второй тур создаёт организатор торгов',
  notConvert: 'Второй тур предусмотрен только для торгов в два этапа',
  secondRoundExists: 'Второй тур уже создан',
  secondRoundNotReady: 'Второй тур можно создать после выбора начальных цен по лотам',
  noStartPrices: 'Ни по одному лоту не выбрана начальная цена второго тура',
} as const;

export const lotName = (lot: { aliasNumber: string | null; number: number }) =>
  lot.aliasNumber ?? `Лот №${lot.number}`;
