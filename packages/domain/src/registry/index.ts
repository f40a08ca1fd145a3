/** Registry ingestion rules: template, normalisation, validation, personal data, analytics, lotting. No I/O. */
export * from './analytics.ts';
export * from './attributes.ts';
export * from './columns.ts';
export * from './compositeLot.ts';
export * from './federalDistricts.ts';
export * from './lotting.ts';
export * from './lottingRules.ts';
export * from './matching.ts';
export * from './messages.ts';
export * from './normalize.ts';
export * from './personalData.ts';
export * from './regionNames.ts';
export * from './suggest.ts';
export * from './types.ts';
export * from './validator.ts';
