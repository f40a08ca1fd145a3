import type { BriefcaseCardAttributes } from '@etp/contracts';
import { Box, Tab, Tabs } from '@mui/material';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router';
import { type CardTab, cardTabPath } from './cardTabs.ts';
import { CARD_MESSAGES } from './messages.ts';

function tabLabel(tab: CardTab, b: BriefcaseCardAttributes): string {
  return tab === 'trade' ? CARD_MESSAGES.tabs.trade(b.lots_count) : CARD_MESSAGES.tabs[tab];
}

interface BriefcaseTabsProps {
  briefcase: BriefcaseCardAttributes;
  tabs: readonly CardTab[];
  current: CardTab;
}

/**
 * The card's tab bar; each tab is an address (/briefcases/{id}/{tab}). Scrolls sideways on phones. Memoised on
 * what it shows: MUI's Tabs measures its tabs (getBoundingClientRect, a forced layout of the page) after every
 * render, and the card under it is re-read each second while bids come.
 */
export const BriefcaseTabs = memo(function BriefcaseTabs({ briefcase, tabs, current }: BriefcaseTabsProps) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={CARD_MESSAGES.tabsLabel}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab}
            value={tab}
            label={tabLabel(tab, briefcase)}
            component={RouterLink}
            to={cardTabPath(briefcase.id, tab)}
          />
        ))}
      </Tabs>
    </Box>
  );
}, sameTabs);

function sameTabs(a: BriefcaseTabsProps, b: BriefcaseTabsProps): boolean {
  return (
    a.current === b.current &&
    a.briefcase.id === b.briefcase.id &&
    a.briefcase.lots_count === b.briefcase.lots_count &&
    a.tabs.join() === b.tabs.join()
  );
}
