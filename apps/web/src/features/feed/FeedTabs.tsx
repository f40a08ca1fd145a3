import type { BriefcaseCounts } from '@etp/contracts';
import { Box, Chip, Tab, Tabs } from '@mui/material';
import type { FeedTab } from './feedParams.ts';
import { FEED_MESSAGES } from './messages.ts';

const TABS: readonly { value: FeedTab; label: string; count: keyof BriefcaseCounts }[] = [
  { value: 'all', label: FEED_MESSAGES.tabs.all, count: 'total' },
  { value: 'participation', label: FEED_MESSAGES.tabs.participation, count: 'with_bids' },
  { value: 'favorites', label: FEED_MESSAGES.tabs.favorites, count: 'favourited' },
  { value: 'owned', label: FEED_MESSAGES.tabs.owned, count: 'my' },
];

interface FeedTabsProps {
  value: FeedTab;
  counts: BriefcaseCounts | undefined;
  /** The user's company is accredited: the three tabs beyond All (spec 2 §1, §6). */
  fullAccess: boolean;
  onChange: (tab: FeedTab) => void;
}

/**
 * Все / С моим участием / Избранное / Мои with their counters; a user without accreditation gets only Все
 * (spec 2 §1: "only the All list tab is available"), without a counter (the counters are for accredited users).
 */
export function FeedTabs({ value, counts, fullAccess, onChange }: FeedTabsProps) {
  const tabs = fullAccess ? TABS : TABS.filter((tab) => tab.value === 'all');
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs
        value={fullAccess ? value : 'all'}
        onChange={(_, tab: FeedTab) => onChange(tab)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={FEED_MESSAGES.tabs.label}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.value}
            value={tab.value}
            iconPosition="end"
            label={tab.label}
            icon={
              counts && fullAccess ? (
                <Chip
                  size="small"
                  label={counts[tab.count]}
                  color={tab.value === value ? 'primary' : 'default'}
                  sx={{ height: 20, fontSize: 12 }}
                />
              ) : undefined
            }
          />
        ))}
      </Tabs>
    </Box>
  );
}
