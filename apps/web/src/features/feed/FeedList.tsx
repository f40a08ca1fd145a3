import type { BriefcaseListAttributes } from '@etp/contracts';
import { Box, Stack, Typography } from '@mui/material';
import { BriefcaseCard } from './BriefcaseCard.tsx';
import { groupByStartDate } from './groupByStartDate.ts';

/** The feed's cards under sticky date labels (Moscow start day, 'Без даты' when absent). */
export function FeedList({
  briefcases,
  nowMs,
  withFavourite,
}: {
  briefcases: readonly BriefcaseListAttributes[];
  nowMs: number;
  withFavourite: boolean;
}) {
  const groups = groupByStartDate(briefcases);
  return (
    <Stack spacing={3}>
      {groups.map((group) => (
        <Box component="section" key={group.key} aria-label={group.label}>
          <Typography
            variant="subtitle2"
            component="h2"
            sx={{
              position: 'sticky',
              top: { xs: 60, md: 68 },
              zIndex: 2,
              py: 1,
              mb: 1,
              bgcolor: 'background.default',
              color: 'text.secondary',
              textTransform: 'uppercase',
              letterSpacing: 0.6,
              fontSize: 12,
            }}
          >
            {group.label}
          </Typography>
          <Stack spacing={1.5}>
            {group.items.map((briefcase) => (
              <BriefcaseCard
                key={briefcase.id}
                briefcase={briefcase}
                nowMs={nowMs}
                withFavourite={withFavourite}
              />
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
