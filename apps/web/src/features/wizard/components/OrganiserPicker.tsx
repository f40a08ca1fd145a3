/** Administrators pick the company a new procedure is created for (step 1); loaded only when shown. */
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { type Organiser, searchOrganisers } from '../wizardApi.ts';

const TYPEAHEAD_DEBOUNCE_MS = 500;

interface OrganiserPickerProps {
  value: Organiser | null;
  onChange: (organiser: Organiser | null) => void;
  locked: boolean;
}

export default function OrganiserPicker({ value, onChange, locked }: OrganiserPickerProps) {
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input, TYPEAHEAD_DEBOUNCE_MS);
  const organisers = useQuery({
    queryKey: queryKeys.organisers(query),
    queryFn: ({ signal }) => searchOrganisers(query, signal),
    enabled: !locked,
  });
  return (
    <Autocomplete<Organiser>
      options={organisers.data ?? []}
      value={value}
      disabled={locked}
      loading={organisers.isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.company_name}
      getOptionDisabled={(o) => o.error !== null}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={T.noOptions}
      onInputChange={(_e, text) => setInput(text)}
      onChange={(_e, next) => onChange(next)}
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
  );
}
