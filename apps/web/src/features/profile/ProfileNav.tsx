import { Box, Tab, Tabs } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { PROFILE_MESSAGES as T } from './messages.ts';

const SECTIONS = [
  { to: '/profile', label: T.profileTitle },
  { to: '/profile/client', label: T.companyTitle },
  { to: '/profile/client/users', label: T.employeesTitle },
  { to: '/profile/events', label: T.eventsTitle },
  { to: '/profile/deals', label: T.dealsTitle },
] as const;

/** Tabs between the profile's pages. */
export function ProfileNav() {
  const { pathname } = useLocation();
  const current = SECTIONS.find((section) => section.to === pathname.replace(/\/+$/, ''))?.to ?? false;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={T.sectionsLabel}
      >
        {SECTIONS.map((section) => (
          <Tab
            key={section.to}
            value={section.to}
            label={section.label}
            component={RouterLink}
            to={section.to}
          />
        ))}
      </Tabs>
    </Box>
  );
}
