/** Pagination shows 6 page buttons (spec 2 §9): the current one and two on each side plus the ends. */
export const TRADE_PAGE_SIZE_CONST = { siblings: 2 } as const;
