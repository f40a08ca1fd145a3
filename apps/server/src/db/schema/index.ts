export * from './accounts.ts';
export * from './briefcases.ts';
export * from './engagement.ts';
export * from './forecast.ts';
export * from './trading.ts';
