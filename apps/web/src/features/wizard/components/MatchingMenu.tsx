/**
 * The column matching's side menu: the required and recommended attributes still unmatched ('Все поля совпадают'
 * when none) and the attributes matched twice. The counts are the domain's `matchingProgress`, the rule the
 * server's map_registry enforces.
 */
import { matchingProgress } from '@etp/domain';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { attributeName as nameOf } from './attributeName.ts';

export function MatchingMenu({ map }: { map: (string | null)[] }) {
  const progress = matchingProgress(map);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="aside" aria-label={T.matchingTitle}>
      {progress.complete ? (
        <Typography color="success.main" sx={{ fontWeight: 600 }} data-testid="all-matched">
          {T.allMatched}
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          <Remaining
            title={T.remainingRequired}
            values={progress.missingRequired}
            testId="remaining-required"
          />
          <Remaining
            title={T.remainingRecommended}
            values={progress.missingRecommended}
            testId="remaining-recommended"
            badge
          />
        </Stack>
      )}
      {progress.repeated.map((value) => (
        <Typography key={value} variant="body2" color="error" sx={{ mt: 1 }}>
          {T.repeatedAttribute(nameOf(value))}
        </Typography>
      ))}
    </Paper>
  );
}

function Remaining({
  title,
  values,
  testId,
  badge = false,
}: {
  title: string;
  values: readonly string[];
  testId: string;
  badge?: boolean;
}) {
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        {title}: <span data-testid={testId}>{values.length}</span>
      </Typography>
      {values.length > 0 && (
        <Box
          component="ul"
          tabIndex={0}
          aria-label={title}
          sx={{ pl: 2.5, pr: 1, my: 0.5, maxHeight: 240, overflowY: 'auto' }}
        >
          {values.map((value) => (
            <Typography component="li" variant="body2" key={value}>
              {nameOf(value)}
              {badge && (
                <Typography component="span" variant="caption" color="info.main">
                  {' '}
                  · {T.analyticsBadge}
                </Typography>
              )}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}
