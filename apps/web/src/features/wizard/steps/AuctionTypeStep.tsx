import { AUCTION_TYPE_DESCRIPTIONS, AUCTION_TYPE_LABELS, AUCTION_TYPES, type AuctionType } from '@etp/domain';
import {
  Autocomplete,
  Box,
  Card,
  CardActionArea,
  CardContent,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AuctionTypeIcon } from '../../../components/AuctionTypeIcon.tsx';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { type Organiser, searchOrganisers } from '../wizardApi.ts';

interface AuctionTypeStepProps {
  value: AuctionType;
  onChoose: (type: AuctionType) => void;
  error?: string;
  /** Administrators pick the company the procedure is created for. */
  organiser: {
    shown: boolean;
    value: Organiser | null;
    onChange: (organiser: Organiser | null) => void;
    locked: boolean;
  };
}

const TYPEAHEAD_DEBOUNCE_MS = 500;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Step 1: the four auction formats as cards with the dictionary's names and tooltips (spec 1 §2). */
export function AuctionTypeStep({ value, onChoose, error, organiser }: AuctionTypeStepProps) {
  const [input, setInput] = useState('');
  const query = useDebounced(input, TYPEAHEAD_DEBOUNCE_MS);
  const organisers = useQuery({
    queryKey: ['wizard', 'organisers', query],
    queryFn: ({ signal }) => searchOrganisers(query, signal),
    enabled: organiser.shown && !organiser.locked,
  });
  return (
    <Stack spacing={3}>
      {organiser.shown && (
        <Autocomplete<Organiser>
          options={organisers.data ?? []}
          value={organiser.value}
          disabled={organiser.locked}
          loading={organisers.isFetching}
          filterOptions={(x) => x}
          getOptionLabel={(o) => o.company_name}
          getOptionDisabled={(o) => o.error !== null}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={T.noOptions}
          onInputChange={(_e, text) => setInput(text)}
          onChange={(_e, next) => organiser.onChange(next)}
          renderOption={(props, option) => (
            <li {...props} key={option.id}>
              <Box>
                <Typography variant="body2">{option.company_name}</Typography>
                {option.error && (
                  <Typography variant="caption" color="error">
                    {option.error}
                  </Typography>
                )}
              </Box>
            </li>
          )}
          renderInput={(params) => <TextField {...params} label={T.organiser} helperText={T.organiserHint} />}
        />
      )}
      <Typography variant="h6" component="h2" id="auction-type-label">
        {T.chooseType}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby="auction-type-label"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {AUCTION_TYPES.map((type) => {
          const selected = type === value;
          return (
            <Tooltip key={type} title={AUCTION_TYPE_DESCRIPTIONS[type]} placement="top">
              <Card
                variant="outlined"
                sx={{
                  borderColor: selected ? 'primary.main' : undefined,
                  borderWidth: selected ? 2 : 1,
                  bgcolor: selected ? 'action.selected' : undefined,
                }}
              >
                <CardActionArea
                  role="radio"
                  aria-checked={selected}
                  onClick={() => onChoose(type)}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                      <AuctionTypeIcon type={type} />
                      <Typography variant="subtitle1" component="span" sx={{ fontWeight: 500 }}>
                        {AUCTION_TYPE_LABELS[type]}
                      </Typography>
                    </Stack>
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                      {AUCTION_TYPE_DESCRIPTIONS[type]}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Tooltip>
          );
        })}
      </Box>
      {error && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
