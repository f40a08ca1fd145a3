export * from './auctionTypeRules.ts';
export * from './dates.ts';
export * from './documents.ts';
export * from './dutch.ts';
export * from './lotPrices.ts';
export * from './messages.ts';
export * from './steps.ts';
