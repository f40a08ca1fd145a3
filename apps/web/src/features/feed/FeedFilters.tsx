import { AUCTION_TYPE_LABELS, AUCTION_TYPES, type AuctionType, type StatusFilter } from '@etp/domain';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { Box, Button } from '@mui/material';
import { useCallback } from 'react';
import { DeferredSelect } from '../../components/select/DeferredSelect.tsx';
import type { SelectEntry } from '../../components/select/options.ts';
import { CompanyFilterField } from './CompanyFilterField.tsx';
import { FEED_MESSAGES } from './messages.ts';
import { SearchField } from './SearchField.tsx';
import { STATUS_FILTER_OPTIONS } from './statusFilterOptions.ts';
import type { FeedParamsControl } from './useFeedParams.ts';

const F = FEED_MESSAGES.filters;
const ANY = '';

/** "Любой статус", the groups (active, closed, archive), then every status under its header. */
const STATUS_ENTRIES: SelectEntry[] = [
  { value: ANY, label: F.anyStatus },
  { divider: true },
  ...STATUS_FILTER_OPTIONS.groups,
  { header: F.status },
  ...STATUS_FILTER_OPTIONS.statuses,
];
const AUCTION_TYPE_ENTRIES: SelectEntry[] = [
  { value: ANY, label: F.anyAuctionType },
  ...AUCTION_TYPES.map((type) => ({ value: type, label: AUCTION_TYPE_LABELS[type] })),
];

/** Status, format, organisers and text search, plus "Сбросить фильтры". A row on wide screens, a column on phones. */
export function FeedFilters({ control }: { control: FeedParamsControl }) {
  const { params, update, setAuctionType, resetFilters, hasFilters } = control;
  const onSearch = useCallback((query: string) => update({ query }), [update]);
  const onCompanies = useCallback((companyIds: number[]) => update({ companyIds }), [update]);

  return (
    <Box
      role="search"
      aria-label={F.label}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 3,
        alignItems: 'center',
        gridTemplateColumns: {
          xs: '1fr',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: '210px 210px minmax(0, 1fr) minmax(0, 1fr) auto',
        },
      }}
    >
      <DeferredSelect
        label={F.status}
        value={params.status ?? ANY}
        entries={STATUS_ENTRIES}
        onChange={(value) => update({ status: (value || null) as StatusFilter | null })}
        fullWidth
      />
      <DeferredSelect
        label={F.auctionType}
        value={params.auctionType ?? ANY}
        entries={AUCTION_TYPE_ENTRIES}
        onChange={(value) => setAuctionType((value || null) as AuctionType | null)}
        fullWidth
      />
      <CompanyFilterField value={params.companyIds} onChange={onCompanies} />
      <SearchField label={F.search} value={params.query} onChange={onSearch} />
      <Button
        onClick={resetFilters}
        disabled={!hasFilters}
        startIcon={<FilterAltOffOutlinedIcon />}
        sx={{ whiteSpace: 'nowrap', justifySelf: { xs: 'start', md: 'auto' } }}
      >
        {F.reset}
      </Button>
    </Box>
  );
}
