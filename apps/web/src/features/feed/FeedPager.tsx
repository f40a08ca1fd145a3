import { LIST_PAGE_SIZES, VISIBLE_PAGE_BUTTONS } from '@etp/domain';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { DeferredSelect } from '../../components/select/DeferredSelect.tsx';
import { visiblePages } from '../../lib/visiblePages.ts';
import { FEED_MESSAGES } from './messages.ts';

const PAGE_SIZE_ENTRIES = LIST_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

const P = FEED_MESSAGES.pager;

interface FeedPagerProps {
  /** First page on screen and how many are shown from it ("Показать ещё" adds pages). */
  firstPage: number;
  lastPage: number;
  totalPages: number;
  totalCount: number;
  perPage: number;
  loadingMore: boolean;
  onPage: (page: number) => void;
  onMore: () => void;
  onPerPage: (perPage: number) => void;
}

/** "Показать ещё", back/forward, six page numbers and the page size (5, 10, 40). */
export function FeedPager(props: FeedPagerProps) {
  const { firstPage, lastPage, totalPages, totalCount, perPage, loadingMore, onPage, onMore, onPerPage } =
    props;
  const from = totalCount === 0 ? 0 : (firstPage - 1) * perPage + 1;
  const to = Math.min(totalCount, lastPage * perPage);
  return (
    <Stack spacing={2} sx={{ mt: 3, alignItems: 'center' }}>
      {lastPage < totalPages && (
        <Button variant="outlined" onClick={onMore} disabled={loadingMore} sx={{ minWidth: 220 }}>
          {P.more}
        </Button>
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ width: '100%', alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {P.shown(from, to, totalCount)}
        </Typography>
        {totalPages > 1 && (
          <Box component="nav" aria-label={P.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <IconButton
              aria-label={P.previous}
              disabled={firstPage <= 1}
              onClick={() => onPage(firstPage - 1)}
            >
              <ChevronLeftIcon />
            </IconButton>
            {visiblePages(lastPage, totalPages, VISIBLE_PAGE_BUTTONS).map((page) => {
              const current = page >= firstPage && page <= lastPage;
              return (
                <Button
                  key={page}
                  aria-label={P.page(page)}
                  aria-current={current ? 'page' : undefined}
                  variant={current ? 'contained' : 'text'}
                  onClick={() => onPage(page)}
                  sx={{ minWidth: 36, px: 1, color: current ? undefined : 'text.primary' }}
                >
                  {page}
                </Button>
              );
            })}
            <IconButton
              aria-label={P.next}
              disabled={lastPage >= totalPages}
              onClick={() => onPage(lastPage + 1)}
            >
              <ChevronRightIcon />
            </IconButton>
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary" id="feed-per-page">
            {P.perPage}
          </Typography>
          <DeferredSelect
            label={P.perPage}
            labelledBy="feed-per-page"
            value={String(perPage)}
            entries={PAGE_SIZE_ENTRIES}
            onChange={(value) => onPerPage(Number(value))}
          />
        </Stack>
      </Stack>
    </Stack>
  );
}
