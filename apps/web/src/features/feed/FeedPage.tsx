import { AUCTION_TYPE_LABELS, auctionTypeFromRoute, moscowDayKey } from '@etp/domain';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, LinearProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBriefcaseCounts } from '../../api/useBriefcaseCounts.ts';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useServerNow } from '../../lib/useServerNow.ts';
import { hasFullAccess, maySell } from '../access/hasFullAccess.ts';
import { WelcomeDialog } from '../auth/WelcomeDialog.tsx';
import { AuctionTypeLegend } from './AuctionTypeLegend.tsx';
import { ChannelLink } from './ChannelLink.tsx';
import { ChosenDay } from './ChosenDay.tsx';
import { FeedEmptyState } from './FeedEmptyState.tsx';
import { FeedFilters } from './FeedFilters.tsx';
import { FeedList } from './FeedList.tsx';
import { FeedPager } from './FeedPager.tsx';
import { FeedTabs } from './FeedTabs.tsx';
import { dateWindow, toListQuery } from './feedParams.ts';
import { FEED_MESSAGES } from './messages.ts';
import { SignInNeeded } from './SignInNeeded.tsx';
import { useFeedPages } from './useFeedPages.ts';
import { useFeedParams } from './useFeedParams.ts';

// The calendar brings MUI X's date pickers: loaded after the list, in a chunk of its own.
const FeedCalendar = lazy(() => import('./calendar/FeedCalendar.tsx'));

/** /briefcases and the format routes (/classic, /dutch, /private_requests, /creditor_to_creditor). */
export function FeedPage() {
  const auctionType = auctionTypeFromRoute(useLocation().pathname);
  const { user } = useCurrentUser();
  const fullAccess = hasFullAccess(user);
  const control = useFeedParams(auctionType);
  const { params, update, resetFilters } = control;
  const nowMs = useServerNow();
  // "Показать ещё" adds pages after params.page; any other change shows a single page again.
  const paramsKey = JSON.stringify(params);
  const [more, setMore] = useState({ key: paramsKey, count: 1 });
  if (more.key !== paramsKey) setMore({ key: paramsKey, count: 1 });
  const pageCount = more.key === paramsKey ? more.count : 1;

  // The default window moves with the Moscow day only: the start of today keeps the list's cache key all day.
  const today = Date.parse(`${moscowDayKey(nowMs)}T00:00:00+03:00`);
  const windowEnd = dateWindow(params, today).end_datetime;
  const queryFor = useCallback(
    (page: number) => toListQuery(params, page, fullAccess, today),
    [params, fullAccess, today],
  );
  const feed = useFeedPages(queryFor, params.page, pageCount, user !== null);
  const counts = useBriefcaseCounts(fullAccess);

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  const onDate = useCallback((date: string | null) => update({ date }), [update]);
  const showAllTime = useCallback(() => update({ date: null, allTime: true }), [update]);
  const newButton = maySell(user) && (
    <Button component={RouterLink} to="/briefcases/new" variant="contained" startIcon={<AddIcon />}>
      {FEED_MESSAGES.newBriefcase}
    </Button>
  );
  const header = (
    <PageHeader
      title={FEED_MESSAGES.title}
      subtitle={auctionType ? AUCTION_TYPE_LABELS[auctionType] : undefined}
      actions={newButton}
    />
  );
  if (!user) {
    return (
      <>
        {header}
        <SignInNeeded />
      </>
    );
  }

  return (
    <>
      {header}
      <WelcomeDialog />
      <FeedTabs
        value={params.tab}
        counts={counts.data}
        fullAccess={fullAccess}
        onChange={(tab) => update({ tab })}
      />
      <FeedFilters control={control} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
        }}
      >
        <Box
          component="aside"
          sx={{ gridColumn: { lg: 2 }, gridRow: { lg: 1 }, position: { lg: 'sticky' }, top: { lg: 84 } }}
        >
          <Stack spacing={2}>
            <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
              <FeedCalendar date={params.date} onDate={onDate} nowMs={nowMs} newButton={newButton} />
            </Suspense>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
                {FEED_MESSAGES.legend.label}
              </Typography>
              <AuctionTypeLegend />
            </Paper>
            <ChannelLink />
          </Stack>
        </Box>
        <Box sx={{ gridColumn: { lg: 1 }, gridRow: { lg: 1 }, minWidth: 0 }}>
          {params.date ? (
            <ChosenDay date={params.date} onClear={showAllTime} />
          ) : (
            !params.allTime &&
            windowEnd && <ChosenDay window date={windowEnd.slice(0, 10)} onClear={showAllTime} />
          )}
          {feed.isFetching && !feed.isPending && <LinearProgress sx={{ mb: 1, borderRadius: 1 }} />}
          {feed.error && feed.briefcases.length === 0 ? (
            <ErrorBlock message={feed.error.message || FEED_MESSAGES.loadFailed} onRetry={feed.refetch} />
          ) : feed.isPending ? (
            <PageLoader />
          ) : feed.briefcases.length === 0 ? (
            <FeedEmptyState onReset={resetFilters} />
          ) : (
            <>
              <FeedList briefcases={feed.briefcases} nowMs={nowMs} withFavourite={fullAccess} />
              <FeedPager
                firstPage={params.page}
                lastPage={Math.min(params.page + pageCount - 1, Math.max(feed.totalPages, params.page))}
                totalPages={feed.totalPages}
                totalCount={feed.totalCount}
                perPage={params.perPage}
                loadingMore={feed.isFetching}
                onPage={goToPage}
                onMore={() => setMore({ key: paramsKey, count: pageCount + 1 })}
                onPerPage={(perPage) => update({ perPage })}
              />
            </>
          )}
        </Box>
      </Box>
    </>
  );
}
