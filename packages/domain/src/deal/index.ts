/** The deal after the hammer: its states, rules, deadlines in Moscow working days, and the price in words. */

export * from './dealLimits.ts';
export * from './dealMessages.ts';
export * from './dealRules.ts';
export * from './dealSettings.ts';
export * from './dealStates.ts';
export * from './dealTypes.ts';
export * from './lotDeal.ts';
export * from './priceInWords.ts';
export * from './workingDays.ts';
