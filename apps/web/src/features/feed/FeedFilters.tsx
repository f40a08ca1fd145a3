import { AUCTION_TYPE_LABELS, AUCTION_TYPES, type AuctionType, type StatusFilter } from '@etp/domain';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import {
  Box,
  Button,
  Divider,
  FormControl,
  InputLabel,
  ListSubheader,
  MenuItem,
  Select,
} from '@mui/material';
import { useCallback } from 'react';
import { CompanyFilterField } from './CompanyFilterField.tsx';
import { FEED_MESSAGES } from './messages.ts';
import { SearchField } from './SearchField.tsx';
import { STATUS_FILTER_OPTIONS } from './statusFilterOptions.ts';
import type { FeedParamsControl } from './useFeedParams.ts';

const F = FEED_MESSAGES.filters;
const ANY = '';

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
      <FormControl fullWidth>
        <InputLabel id="feed-status-label">{F.status}</InputLabel>
        <Select
          labelId="feed-status-label"
          label={F.status}
          value={params.status ?? ANY}
          onChange={(event) => update({ status: (event.target.value || null) as StatusFilter | null })}
        >
          <MenuItem value={ANY}>{F.anyStatus}</MenuItem>
          <Divider />
          {STATUS_FILTER_OPTIONS.groups.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
          <ListSubheader>{F.status}</ListSubheader>
          {STATUS_FILTER_OPTIONS.statuses.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl fullWidth>
        <InputLabel id="feed-type-label">{F.auctionType}</InputLabel>
        <Select
          labelId="feed-type-label"
          label={F.auctionType}
          value={params.auctionType ?? ANY}
          onChange={(event) => setAuctionType((event.target.value || null) as AuctionType | null)}
        >
          <MenuItem value={ANY}>{F.anyAuctionType}</MenuItem>
          {AUCTION_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {AUCTION_TYPE_LABELS[type]}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
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
