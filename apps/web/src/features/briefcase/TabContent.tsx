/**
 * The card's tabs past Портфель, each loaded with its own chunk when opened, so the chart library and the map
 * never weigh on the card's first load.
 */
import type { BriefcaseCardAttributes } from '@etp/contracts';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../components/PageLoader.tsx';
import type { CardTab } from './cardTabs.ts';
import { CARD_MESSAGES as T } from './messages.ts';
import { TabEmptyState } from './TabEmptyState.tsx';

const AnalyticsTab = lazy(() => import('./analytics/AnalyticsTab.tsx'));
const FaqTab = lazy(() => import('./faq/FaqTab.tsx'));
const StatisticsTab = lazy(() => import('./statistics/StatisticsTab.tsx'));
const MonitoringTab = lazy(() => import('./monitoring/MonitoringTab.tsx'));

export function TabContent({
  tab,
  briefcase,
}: {
  tab: Exclude<CardTab, 'briefcase'>;
  briefcase: BriefcaseCardAttributes;
}) {
  return (
    <Suspense fallback={<PageLoader />}>
      {tab === 'analytics' ? (
        <AnalyticsTab briefcase={briefcase} />
      ) : tab === 'faq' ? (
        <FaqTab briefcase={briefcase} />
      ) : tab === 'statistics' ? (
        <StatisticsTab briefcase={briefcase} />
      ) : tab === 'monitoring' ? (
        <MonitoringTab briefcase={briefcase} />
      ) : (
        <TabEmptyState title={T.tabTitles[tab]} />
      )}
    </Suspense>
  );
}
