/** The auction rules: pure, time as a parameter, money in kopecks. See docs/auctions.md. */

export * from './bidInput.ts';
export * from './classic.ts';
export * from './dutch.ts';
export * from './lotCondition.ts';
export * from './lotState.ts';
export * from './messages.ts';
export * from './pricing.ts';
export * from './renewal.ts';
export * from './sealed.ts';
export * from './stateMachine.ts';
export * from './validateAutobid.ts';
export * from './validateBid.ts';
export * from './wholePortfolio.ts';
export * from './winner.ts';
