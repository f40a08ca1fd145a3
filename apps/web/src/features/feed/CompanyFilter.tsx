/**
 * The organisation multi-select of the feed (spec 2 §2; decisions/0065): sellers of the procedures the viewer may
 * see, searched by name 500 ms after typing pauses, narrowed by the company-kind chips (all, bank, mfo, pko, other
 * legal entities); "Компании не найдены" when nothing matches. Chosen companies filter the list (company_ids[]).
 */
import { COMPANY_SEARCH_KINDS } from '@etp/contracts';
import { SEARCH_DEBOUNCE_MS } from '@etp/domain';
import { Autocomplete, Box, Chip, Paper, type PaperProps, Stack, TextField, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useRef, useState } from 'react';
import { call } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useDebouncedValue } from '../../lib/useDebouncedValue.ts';
import { FEED_MESSAGES } from './messages.ts';

const T = FEED_MESSAGES.companies;
type Kind = (typeof COMPANY_SEARCH_KINDS)[number];
interface Option {
  id: number;
  name: string;
  fullName: string;
}

const KindContext = createContext<{ kind: Kind; setKind: (kind: Kind) => void }>({
  kind: 'all',
  setKind: () => undefined,
});

/** The suggestions' paper with the kind chips on top; pressing a chip keeps the focus (and the list) open. */
function KindPaper({ children, ...props }: PaperProps) {
  const { kind, setKind } = useContext(KindContext);
  return (
    <Paper {...props}>
      <Stack
        direction="row"
        role="group"
        aria-label={T.kindsLabel}
        onMouseDown={(event) => event.preventDefault()}
        sx={{ flexWrap: 'wrap', gap: 0.75, p: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {COMPANY_SEARCH_KINDS.map((k) => (
          <Chip
            key={k}
            label={T.kinds[k]}
            size="small"
            color={k === kind ? 'primary' : 'default'}
            variant={k === kind ? 'filled' : 'outlined'}
            aria-pressed={k === kind}
            onClick={() => setKind(k)}
          />
        ))}
      </Stack>
      {children}
    </Paper>
  );
}

export interface CompanyFilterProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** What was typed in the stand-in field before this arrived (CompanyFilterField). */
  initialInput?: string;
  /** The stand-in field had the focus: take it over, with the list open when something was typed. */
  autoFocus?: boolean;
}

export function CompanyFilter({ value, onChange, initialInput = '', autoFocus = false }: CompanyFilterProps) {
  const [input, setInput] = useState(initialInput);
  const [kind, setKind] = useState<Kind>('all');
  const [open, setOpen] = useState(autoFocus && initialInput !== '');
  const text = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const names = useRef(new Map<number, Option>());
  const search = useQuery({
    queryKey: queryKeys.companySearch(text, kind, value),
    queryFn: ({ signal }) =>
      call(OPERATIONS.searchFeedCompanies, {
        query: { full_name: text, kind, company_ids: value },
        signal,
      }),
    enabled: open || value.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options: Option[] = (search.data ?? []).map((s) => ({
    id: s.id,
    name: s.attributes.name,
    fullName: s.attributes.full_name,
  }));
  for (const option of options) names.current.set(option.id, option);
  const chosen = value.map((id) => names.current.get(id) ?? { id, name: `№${id}`, fullName: '' });

  return (
    <KindContext.Provider value={{ kind, setKind }}>
      <Autocomplete<Option, true>
        multiple
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        value={chosen}
        onChange={(_event, next) => onChange(next.map((o) => o.id))}
        inputValue={input}
        onInputChange={(_event, next, reason) => {
          if (reason !== 'reset') setInput(next);
        }}
        filterOptions={(x) => x}
        filterSelectedOptions
        isOptionEqualToValue={(a, b) => a.id === b.id}
        getOptionLabel={(o) => o.name}
        loading={search.isFetching && options.length === 0}
        loadingText={T.loading}
        noOptionsText={T.empty}
        limitTags={2}
        slots={{ paper: KindPaper }}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <li key={key} {...rest}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" noWrap>
                  {option.name}
                </Typography>
                {option.fullName && option.fullName !== option.name && (
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {option.fullName}
                  </Typography>
                )}
              </Box>
            </li>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            autoFocus={autoFocus}
            label={T.label}
            placeholder={chosen.length === 0 ? T.placeholder : undefined}
          />
        )}
      />
    </KindContext.Provider>
  );
}
