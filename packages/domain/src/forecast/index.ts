export * from './features.ts';
export * from './form.ts';
export * from './messages.ts';
export * from './prior.ts';
