/** Test helpers: debts with defaults, and a fast-check arbitrary of realistic debts (used by tests only). */
import fc from 'fast-check';
import { type Debt, FEATURE_KEYS, type FeatureKey } from './types.ts';

export function debt(
  overrides: Partial<Omit<Debt, 'features'>> & { features?: Partial<Record<FeatureKey, boolean>> } = {},
): Debt {
  const features = Object.fromEntries(FEATURE_KEYS.map((k) => [k, false])) as Record<FeatureKey, boolean>;
  return {
    contractId: 'КД-1',
    lotNumber: null,
    regionCode: 77,
    amountTotal: 100_000_00,
    amountBottomline: 150_000_00,
    principal: null,
    dpd: null,
    dplp: null,
    issueDate: null,
    lastPaymentDate: null,
    lastPaymentAmount: null,
    paidAmount: null,
    amountFor360Days: null,
    productType: null,
    loanKind: null,
    stage: null,
    firstCreditor: null,
    birthDate: null,
    sex: null,
    enforcementOrderPlacement: null,
    ...overrides,
    features: { ...features, ...overrides.features },
  };
}

const PRODUCTS = ['Потребительский кредит', 'Кредитная карта', 'Микрозайм', 'Автокредит', null] as const;
const STAGES = ['Досудебная', 'Судебная', 'Исполнительное производство', null] as const;

export const debtArbitrary: fc.Arbitrary<Debt> = fc
  .record({
    total: fc.integer({ min: 0, max: 5_000_000_00 }),
    extra: fc.integer({ min: 0, max: 3_000_000_00 }),
    region: fc.option(fc.integer({ min: 1, max: 95 }), { nil: null }),
    dpd: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    product: fc.constantFrom(...PRODUCTS),
    stage: fc.constantFrom(...STAGES),
    lot: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    dead: fc.boolean(),
  })
  .map((r) =>
    debt({
      amountTotal: r.total,
      amountBottomline: r.total + r.extra,
      regionCode: r.region,
      dpd: r.dpd,
      dplp: r.dpd === null ? null : Math.floor(r.dpd / 2),
      productType: r.product,
      stage: r.stage,
      lotNumber: r.lot,
      features: { dead: r.dead },
    }),
  );
