/** @etp/domain: the platform's pure rules, shared by the server and the web app. No I/O. */
export * from './auction/index.ts';
export * from './auctionTypes.ts';
export * from './briefcaseCardStatus.ts';
export * from './company/index.ts';
export * from './constants.ts';
export * from './dictionaries.ts';
export * from './documents.ts';
export * from './faq.ts';
export * from './fillingPercent.ts';
export * from './forecast/index.ts';
export * from './money.ts';
export * from './plural.ts';
export * from './registry/index.ts';
export * from './statuses.ts';
export * from './time.ts';
export * from './validation/index.ts';
export * from './wizard/index.ts';
