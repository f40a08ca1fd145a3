export * from './auth.ts';
export * from './briefcases.ts';
export * from './dictionaries.ts';
export * from './envelope.ts';
export * from './live.ts';
export * from './lots.ts';
