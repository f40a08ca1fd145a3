/** The small pies of the portfolio's features: which, in what order, and their Russian titles (spec 2 §3). */
import type { AnalyticsFeatureKey, BriefcaseAnalytics } from '@etp/contracts';
import { ATTRIBUTE_BY_VALUE, type AttributeValue, formatPercent, percentOf } from '@etp/domain';

const TITLES: Partial<Record<AnalyticsFeatureKey, string>> = {
  phones_amount: 'Телефон должника известен',
  e_form: 'Кредит выдан в электронной форме',
  paper_form: 'Кредит выдан в бумажной форме',
  empty_amount_total: 'ОД равен нулю',
};

const SHOWN: readonly AnalyticsFeatureKey[] = [
  'court_order',
  'enforcement_proceedings',
  'enforcement_proceedings_3_years',
  'secured_liability',
  'presence_participants',
  'phones_amount',
  'e_form',
  'paper_form',
  'bankruptcy',
  'dead',
  'fraud',
  'disability',
  'mls',
  'military_service',
  'interact_refusal',
  'impossibility_act',
];

export interface FeaturePie {
  key: AnalyticsFeatureKey;
  title: string;
  count: number;
  percent: string;
}

export function featurePies(analytics: BriefcaseAnalytics, items: number): FeaturePie[] {
  return SHOWN.map((key) => {
    const count = analytics.features[key] ?? 0;
    return {
      key,
      title: TITLES[key] ?? ATTRIBUTE_BY_VALUE.get(key as AttributeValue)?.text ?? key,
      count,
      percent: formatPercent(percentOf(count, items)),
    };
  });
}
