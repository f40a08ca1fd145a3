export * from './accounts.ts';
export * from './briefcases.ts';
export * from './documents.ts';
export * from './engagement.ts';
export * from './forecast.ts';
export * from './lots.ts';
export * from './registries.ts';
export * from './trading.ts';
