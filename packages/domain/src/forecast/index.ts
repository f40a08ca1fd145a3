export * from './features.ts';
export * from './messages.ts';
export * from './prior.ts';
