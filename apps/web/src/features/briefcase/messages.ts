/** Russian texts of the procedure card page (spec 2 §2 "Procedure card page"). */
export const CARD_MESSAGES = {
  title: (id: number) => `ТП №${id}`,
  backToList: 'К списку процедур',
  published: 'Опубликована',
  start: 'Начало торгов',
  end: 'Окончание торгов',
  tabsLabel: 'Разделы торговой процедуры',
  tabs: {
    briefcase: 'Портфель',
    analytics: 'Аналитика',
    trade: (lots: number) => `Торги (${lots})`,
    statistics: 'Статистика',
    monitoring: 'Мониторинг',
    faq: 'Вопрос-ответ',
  },
  tabTitles: {
    analytics: 'Аналитика портфеля',
    trade: 'Торги',
    statistics: 'Статистика',
    monitoring: 'Мониторинг',
    faq: 'Вопрос-ответ',
  },
  noData: 'Нет данных',
  notFoundTitle: 'Торговая процедура не найдена',
  notFoundHint: 'Процедуры с таким номером нет, или она вам недоступна.',
  hiddenTitle: 'Торговая процедура не состоялась',
  hiddenHint: 'Если у вас есть вопросы по этой процедуре, обратитесь в службу поддержки:',
  loadFailed: 'Не удалось загрузить торговую процедуру.',
  aiGridTitle: 'Торги ведёт оператор ИИ-сетки',
  aiGridText:
    'Начальные цены и шаги этой процедуры подобраны оператором ИИ-сетки по данным портфеля. Ставки принимаются и проверяются площадкой по общим правилам торгов.',
  partnerOperated:
    'Торги проводит оператор-партнёр: они идут по отдельному комплекту документов, для участия нужна подписанная оферта.',
  actions: {
    edit: 'Редактировать',
    confirm: 'Подтвердить',
    reject: 'Не подтверждать',
    confirmTitle: 'Подтверждение торговой процедуры',
    confirmText:
      'Торговая процедура заполнена корректно? После подтверждения она будет опубликована в списке и календаре для всех допущенных участников.',
    rejectTitle: 'Торговая процедура не подтверждена',
    rejectText: 'Укажите, что необходимо исправить:',
    comment: 'Комментарий',
    support: 'Служба поддержки:',
    send: 'Отправить',
    cancel: 'Отмена',
    confirmed: 'Торговая процедура подтверждена',
    remarksTaken: 'Специалист примет к сведению Ваши замечания',
    failed: 'Не удалось выполнить действие. Попробуйте позднее.',
    favourite: 'В избранное',
    unfavourite: 'Убрать из избранного',
    playerView: 'Интерфейс торгов игрока',
  },
  /** Sealed formats (private_requests, bank_to_bank) take offers, not bids. */
  ownBids: (sum: string, percent: string, basis: string, offers: boolean) =>
    `Сумма ваших ${offers ? 'предложений' : 'ставок'}: ${sum} (${percent} от ${basis})`,
  renewal: (minutes: number) =>
    minutes > 0
      ? `Продление после последней ставки: ${minutes} мин`
      : 'Продление после последней ставки: отсутствует',
  twoRounds: 'Победитель определяется во втором туре',
  twoRoundsHint:
    'Первый тур — закрытый сбор предложений: он фиксирует минимальную цену. Второй тур — классический аукцион, в котором определяется победитель.',
  commission: (percent: string) => `Комиссия: ${percent}`,
  paymentStandard: 'Оплату услуг площадки вносит продавец',
  paymentAgent: 'Оплату услуг площадки вносит покупатель',
  portfolio: {
    ofTotal: 'от ОД',
    ofBottomline: 'от ОСЗ',
    factsCaption: 'Сведения о портфеле',
    sourceDescription: 'Описание источника',
    description: 'Описание',
    filling: 'Заполненность данных портфеля',
  },
} as const;
