/** Typed debt rows for tests of what is made from a read registry (its columns, their snapshot, lotting). */
import { type Debt, FEATURE_KEYS } from '@etp/domain';

/** The `i`-th of a varied registry: every region, amounts growing with `i`, two stages, both sexes, mixed features. */
export const debtAt = (i: number): Debt => ({
  contractId: `КД-${i}`,
  lotNumber: null,
  regionCode: (i % 95) + 1,
  amountTotal: 1000 + i * 5,
  amountBottomline: 2000 + i * 7,
  principal: null,
  dpd: i % 400,
  dplp: null,
  issueDate: null,
  lastPaymentDate: null,
  lastPaymentAmount: null,
  paidAmount: i % 2 ? i : null,
  amountFor360Days: null,
  productType: `p${i % 3}`,
  loanKind: null,
  stage: i % 2 ? 'Судебная' : 'Досудебная',
  firstCreditor: null,
  birthDate: '1980-01-02',
  sex: i % 2 ? 'male' : 'female',
  enforcementOrderPlacement: null,
  features: Object.fromEntries(FEATURE_KEYS.map((k, b) => [k, i % (b + 2) === 0])) as Debt['features'],
});
