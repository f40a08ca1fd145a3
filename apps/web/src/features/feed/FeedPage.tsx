import { AUCTION_TYPE_LABELS, auctionTypeFromRoute } from '@etp/domain';
import AddIcon from '@mui/icons-material/Add';
import { Button, LinearProgress } from '@mui/material';
import { useCallback, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBriefcaseCounts } from '../../api/useBriefcaseCounts.ts';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useServerNow } from '../../lib/useServerNow.ts';
import { hasFullAccess, maySell } from '../access/hasFullAccess.ts';
import { WelcomeDialog } from '../auth/WelcomeDialog.tsx';
import { FeedEmptyState } from './FeedEmptyState.tsx';
import { FeedFilters } from './FeedFilters.tsx';
import { FeedList } from './FeedList.tsx';
import { FeedPager } from './FeedPager.tsx';
import { FeedTabs } from './FeedTabs.tsx';
import { toListQuery } from './feedParams.ts';
import { FEED_MESSAGES } from './messages.ts';
import { SignInNeeded } from './SignInNeeded.tsx';
import { useFeedPages } from './useFeedPages.ts';
import { useFeedParams } from './useFeedParams.ts';

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

  const queryFor = useCallback((page: number) => toListQuery(params, page, fullAccess), [params, fullAccess]);
  const feed = useFeedPages(queryFor, params.page, pageCount, user !== null);
  const counts = useBriefcaseCounts(fullAccess);

  const goToPage = (page: number) => {
    update({ page });
    window.scrollTo({ top: 0 });
  };

  const header = (
    <PageHeader
      title={FEED_MESSAGES.title}
      subtitle={auctionType ? AUCTION_TYPE_LABELS[auctionType] : undefined}
      actions={
        maySell(user) && (
          <Button component={RouterLink} to="/briefcases/new" variant="contained" startIcon={<AddIcon />}>
            {FEED_MESSAGES.newBriefcase}
          </Button>
        )
      }
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
      {fullAccess && <FeedTabs value={params.tab} counts={counts.data} onChange={(tab) => update({ tab })} />}
      <FeedFilters control={control} />
      {feed.isFetching && !feed.isPending && <LinearProgress sx={{ mb: 1, borderRadius: 1 }} />}
      {feed.error && feed.briefcases.length === 0 ? (
        <ErrorBlock message={feed.error.message || FEED_MESSAGES.loadFailed} onRetry={feed.refetch} />
      ) : feed.isPending ? (
        <PageLoader />
      ) : feed.briefcases.length === 0 ? (
        <FeedEmptyState onReset={resetFilters} />
      ) : (
        <>
          <FeedList briefcases={feed.briefcases} nowMs={nowMs} />
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
    </>
  );
}
