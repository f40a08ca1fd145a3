import { countWithNoun, formatMoscowDate, formatMoscowTime } from '@etp/domain';
import {
  Box,
  Button,
  Chip,
  Link,
  List,
  ListItem,
  ListItemText,
  Pagination,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ProfileNav } from '../profile/ProfileNav.tsx';
import { EVENTS, EVENTS_MESSAGES as T } from './messages.ts';

const PER_PAGE = 20;

/** /profile/events: the user's events, newest first, 20 a page, with their count (spec 3 §2.5, decisions/0034). */
export function EventsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const queryClient = useQueryClient();
  const events = useQuery({
    queryKey: queryKeys.events(page),
    queryFn: ({ signal }) => call(OPERATIONS.listEvents, { query: { page, per_page: PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
  const markRead = useMutation({
    mutationFn: () => call(OPERATIONS.markEventsRead, { body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.allEvents }),
  });
  const data = events.data;

  return (
    <>
      <PageHeader
        title={T.title}
        subtitle={
          data && data.count > 0
            ? `${T.count(countWithNoun(data.count, EVENTS))}${data.unread_count > 0 ? `, ${T.unread(data.unread_count)}` : ''}`
            : undefined
        }
        actions={
          data &&
          data.unread_count > 0 && (
            <Button variant="outlined" onClick={() => markRead.mutate()} disabled={markRead.isPending}>
              {T.markAllRead}
            </Button>
          )
        }
      />
      <ProfileNav />
      {events.isPending ? (
        <PageLoader />
      ) : events.error ? (
        <ErrorBlock message={T.loadFailed} onRetry={() => void events.refetch()} />
      ) : events.data.count === 0 ? (
        <EmptyState title={T.empty} hint={T.emptyHint} />
      ) : (
        <Stack spacing={2}>
          <Paper variant="outlined">
            <List disablePadding aria-label={T.title}>
              {events.data.collection.map((event, index) => (
                <ListItem
                  key={event.id}
                  divider={index < events.data.collection.length - 1}
                  data-testid="event-row"
                  sx={{ alignItems: 'flex-start', gap: 2, py: 1.5 }}
                >
                  <Box sx={{ minWidth: 92, flexShrink: 0, pt: 0.25 }}>
                    <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoscowDate(event.created_at)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {formatMoscowTime(event.created_at)}
                    </Typography>
                  </Box>
                  <ListItemText
                    primary={event.text}
                    slotProps={{ primary: { sx: { fontWeight: event.read ? 400 : 600 } } }}
                    secondary={
                      event.briefcase_id && (
                        <Link component={RouterLink} to={`/briefcases/${event.briefcase_id}`}>
                          {T.toBriefcase(event.briefcase_id)}
                        </Link>
                      )
                    }
                  />
                  {!event.read && <Chip size="small" color="primary" label={T.newMark} />}
                </ListItem>
              ))}
            </List>
          </Paper>
          {events.data.total_pages > 1 && (
            <Pagination
              page={page}
              count={events.data.total_pages}
              onChange={(_, next) => {
                setParams(next > 1 ? { page: String(next) } : {});
                window.scrollTo({ top: 0 });
              }}
              aria-label={T.pages}
              sx={{ alignSelf: 'center' }}
            />
          )}
        </Stack>
      )}
    </>
  );
}
