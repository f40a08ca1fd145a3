/** Step 4: who may take part (spec 1 §2, §5): ownership forms, invited and excluded companies, the AI-grid flag. */
import {
  COMPANY_KIND_LABELS,
  COMPANY_KINDS,
  PARTICIPANT_RESTRICTION_NOTES,
  PARTICIPANT_RESTRICTION_PARENT,
} from '@etp/domain';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/History';
import {
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../api/queryKeys.ts';
import { useDebouncedValue } from '../../../lib/useDebouncedValue.ts';
import { CompanyHistoryDialog } from '../components/CompanyHistoryDialog.tsx';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { type CompanyListName, type ParticipantSuggestion, searchParticipants } from '../wizardApi.ts';
import type { WizardForm } from '../wizardForm.ts';

type Kind = keyof WizardForm['allowed_kinds_map'];
type Restriction = keyof typeof PARTICIPANT_RESTRICTION_PARENT;
const RESTRICTIONS_OF: Record<Kind, Restriction[]> = {
  legal: ['fssp_only', 'okved_82_91_only'],
  bank: ['fssp_bank_only'],
  mfo: ['fssp_mfo_only'],
  self: [],
  physical: [],
};

interface ParticipantsStepProps {
  briefcaseId: number;
  form: WizardForm;
  errors: Record<string, string>;
  isAdmin: boolean;
  onChange: (patch: Partial<WizardForm>) => void;
}

export function ParticipantsStep({ briefcaseId, form, errors, isAdmin, onChange }: ParticipantsStepProps) {
  // Legal entities, individuals and sole traders are not offered for bank_to_bank (spec 1 §2).
  const kinds =
    form.auction_type === 'bank_to_bank'
      ? COMPANY_KINDS.filter((k) => k === 'bank' || k === 'mfo')
      : COMPANY_KINDS;
  const allOn = kinds.every((k) => form.allowed_kinds_map[k]);
  const setKind = (kind: Kind, on: boolean) => {
    const patch: Partial<WizardForm> = { allowed_kinds_map: { ...form.allowed_kinds_map, [kind]: on } };
    if (!on) for (const r of RESTRICTIONS_OF[kind]) patch[r] = false;
    onChange(patch);
  };
  const setRestriction = (restriction: Restriction, on: boolean) => {
    const parent = PARTICIPANT_RESTRICTION_PARENT[restriction];
    // Each fssp-only flag forces its parent kind on (spec 1 §5).
    onChange({
      [restriction]: on,
      ...(on ? { allowed_kinds_map: { ...form.allowed_kinds_map, [parent]: true } } : {}),
    });
  };
  return (
    <Stack spacing={3}>
      <FormControl component="fieldset" error={Boolean(errors.allowed_kinds)}>
        <FormLabel component="legend">{T.participants}</FormLabel>
        <FormControlLabel
          control={
            <Checkbox
              checked={allOn}
              indeterminate={!allOn && kinds.some((k) => form.allowed_kinds_map[k])}
              onChange={(e) =>
                onChange({
                  allowed_kinds_map: {
                    ...form.allowed_kinds_map,
                    ...Object.fromEntries(kinds.map((k) => [k, e.target.checked])),
                  },
                })
              }
            />
          }
          label={T.allKinds}
        />
        <Box sx={{ pl: { xs: 1, sm: 3 } }}>
          {kinds.map((kind) => (
            <Box key={kind}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.allowed_kinds_map[kind]}
                    onChange={(e) => setKind(kind, e.target.checked)}
                  />
                }
                label={COMPANY_KIND_LABELS[kind]}
              />
              <Box sx={{ pl: { xs: 2, sm: 4 } }}>
                {RESTRICTIONS_OF[kind].map((r) => (
                  <FormControlLabel
                    key={r}
                    control={
                      <Checkbox
                        size="small"
                        checked={form[r]}
                        onChange={(e) => setRestriction(r, e.target.checked)}
                      />
                    }
                    label={PARTICIPANT_RESTRICTION_NOTES[r]}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        {errors.allowed_kinds && <FormHelperText>{errors.allowed_kinds}</FormHelperText>}
      </FormControl>
      <CompanyList
        briefcaseId={briefcaseId}
        list="whitelist"
        title={T.whitelist}
        companies={form.invited}
        error={errors.invited_companies}
        exclude={[...form.invited, ...form.rejected].map((c) => c.id)}
        onChange={(invited) => onChange({ invited })}
      />
      <CompanyList
        briefcaseId={briefcaseId}
        list="blacklist"
        title={T.blacklist}
        companies={form.rejected}
        error={errors.rejected_companies}
        exclude={[...form.invited, ...form.rejected].map((c) => c.id)}
        onChange={(rejected) => onChange({ rejected })}
      />
      {isAdmin && (
        <FormControlLabel
          control={
            <Checkbox checked={form.ai_grid} onChange={(e) => onChange({ ai_grid: e.target.checked })} />
          }
          label={T.aiGrid}
        />
      )}
    </Stack>
  );
}

type Listed = WizardForm['invited'][number];

function CompanyList({
  briefcaseId,
  list,
  title,
  companies,
  error,
  exclude,
  onChange,
}: {
  briefcaseId: number;
  list: CompanyListName;
  title: string;
  companies: Listed[];
  error?: string;
  exclude: number[];
  onChange: (companies: Listed[]) => void;
}) {
  const [input, setInput] = useState('');
  const [historyOpen, setHistoryOpen] = useState(false);
  const query = useDebouncedValue(input, 500);
  const suggestions = useQuery({
    queryKey: queryKeys.participants(query),
    queryFn: ({ signal }) => searchParticipants(query, signal),
    enabled: query.trim().length >= 2,
  });
  const options = (suggestions.data ?? []).filter((c) => !exclude.includes(c.id));
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h6" component="h3">
          {title}
        </Typography>
        <Button size="small" startIcon={<HistoryIcon />} onClick={() => setHistoryOpen(true)}>
          {T.history}
        </Button>
      </Stack>
      <CompanyHistoryDialog
        open={historyOpen}
        briefcaseId={briefcaseId}
        list={list}
        title={title}
        taken={exclude}
        onClose={() => setHistoryOpen(false)}
        onAdd={(picked) =>
          onChange([...companies, ...picked.map((c) => ({ id: c.id, full_name: c.full_name, inn: c.inn }))])
        }
      />
      <Autocomplete<ParticipantSuggestion>
        options={options}
        value={null}
        inputValue={input}
        loading={suggestions.isFetching}
        filterOptions={(x) => x}
        getOptionLabel={(o) => o.full_name}
        getOptionDisabled={(o) => o.error !== null}
        noOptionsText={T.noOptions}
        onInputChange={(_e, text, reason) => setInput(reason === 'reset' ? '' : text)}
        onChange={(_e, picked) => {
          if (picked)
            onChange([...companies, { id: picked.id, full_name: picked.full_name, inn: picked.inn }]);
          setInput('');
        }}
        renderOption={(props, option) => (
          <li {...props} key={option.id}>
            <Box>
              <Typography variant="body2">{option.full_name}</Typography>
              <Typography variant="caption" color={option.error ? 'error' : 'text.secondary'}>
                {option.error ??
                  [option.kind_name, option.inn && T.inn(option.inn)].filter(Boolean).join(', ')}
              </Typography>
            </Box>
          </li>
        )}
        renderInput={(params) => (
          <TextField {...params} label={T.companySearch} error={Boolean(error)} helperText={error} />
        )}
      />
      {companies.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.emptyList}
        </Typography>
      ) : (
        <List dense aria-label={title}>
          {companies.map((company) => (
            <ListItem
              key={company.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`${T.remove}: ${company.full_name}`}
                  onClick={() => onChange(companies.filter((c) => c.id !== company.id))}
                >
                  <CloseIcon />
                </IconButton>
              }
            >
              <ListItemText primary={company.full_name} secondary={company.inn ? T.inn(company.inn) : null} />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
