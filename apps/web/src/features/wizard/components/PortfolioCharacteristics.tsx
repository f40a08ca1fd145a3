/** Step 2's portfolio characteristics (spec 1 §2): four classifiers, composite lot, advantages, percentages, text. */
import type { DictionaryItem, WizardDraftLot } from '@etp/contracts';
import {
  COMPOSITE_LOT_NAME,
  compositeLot,
  formatRubles,
  LIABILITIES,
  LIABILITY_LABELS,
  PORTFOLIO_PERCENT_FIELDS,
  type PortfolioPercentField,
} from '@etp/domain';
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import { loadDictionaries, wizardKeys } from '../wizardApi.ts';
import type { WizardForm } from '../wizardForm.ts';

const ADVANTAGES = [
  'fast_documents_transfer',
  'litigation_information',
  'fast_signing',
  'debts_information',
  'regions_lotable',
] as const;

interface Props {
  form: WizardForm;
  errors: Record<string, string>;
  /** The regular lots (the composite one is made from them on save). */
  lots: readonly WizardDraftLot[];
  onChange: (patch: Partial<WizardForm>) => void;
}

const usable = (items: DictionaryItem[] | undefined, type: string) =>
  (items ?? []).filter((i) => !i.except.includes(type));

export function PortfolioCharacteristics({ form, errors, lots, onChange }: Props) {
  const lotsCount = lots.length;
  const dictionaries = useQuery({
    queryKey: wizardKeys.dictionaries,
    queryFn: loadDictionaries,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const type = form.auction_type;
  const select = (
    field: 'activity' | 'source_kind' | 'source_debtor_type',
    label: string,
    items: DictionaryItem[],
    disabled = false,
  ) => (
    <TextField
      select
      fullWidth
      required
      name={field}
      label={label}
      value={form[field] ?? ''}
      disabled={disabled}
      error={Boolean(errors[field])}
      helperText={errors[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
    >
      {items.map((item) => (
        <MenuItem key={item.value} value={item.value}>
          {item.text}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack spacing={2.5}>
      <Typography variant="h6" component="h3">
        {T.characteristics}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {select('activity', T.activity, usable(dictionaries.data?.activities, type))}
        {select(
          'source_kind',
          T.sourceKind,
          usable(dictionaries.data?.source_kinds, type),
          type === 'bank_to_bank',
        )}
        {select('source_debtor_type', T.debtorType, usable(dictionaries.data?.source_debtor_types, type))}
        <TextField
          select
          fullWidth
          required
          name="liability"
          label={T.liability}
          value={form.liability ?? ''}
          error={Boolean(errors.liability)}
          helperText={errors.liability}
          onChange={(e) => onChange({ liability: e.target.value as WizardForm['liability'] })}
        >
          {LIABILITIES.map((value) => (
            <MenuItem key={value} value={value}>
              {LIABILITY_LABELS[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {lotsCount > 1 && type !== 'dutch' && (
        <FormControl>
          <FormLabel id="composite-label">{T.compositeLot}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="composite-label"
            value={form.with_composite_lot ? 'yes' : 'no'}
            onChange={(e) => onChange({ with_composite_lot: e.target.value === 'yes' })}
          >
            <FormControlLabel value="yes" control={<Radio />} label={T.compositeCreate} />
            <FormControlLabel value="no" control={<Radio />} label={T.compositeSkip} />
          </RadioGroup>
          {form.with_composite_lot && <CompositePreview lots={lots} />}
        </FormControl>
      )}
      <FormControl component="fieldset">
        <FormLabel component="legend">{T.advantages}</FormLabel>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {ADVANTAGES.filter((flag) => flag !== 'litigation_information' || type !== 'bank_to_bank').map(
            (flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox checked={form[flag]} onChange={(e) => onChange({ [flag]: e.target.checked })} />
                }
                label={T.advantageLabels[flag]}
              />
            ),
          )}
        </Box>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{T.percentages}</FormLabel>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {PORTFOLIO_PERCENT_FIELDS.map((field) => (
            <PercentRow
              key={field}
              field={field}
              value={form[field]}
              error={errors[field]}
              onChange={onChange}
            />
          ))}
        </Box>
      </FormControl>
      <TextField
        label={T.description}
        name="source_description"
        multiline
        minRows={3}
        value={form.source_description ?? ''}
        onChange={(e) => onChange({ source_description: e.target.value || null })}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
    </Stack>
  );
}

/** What the composite lot will carry (spec 1 §2): the lots' sums, the averaged DPD and bottomline mean. */
function CompositePreview({ lots }: { lots: readonly WizardDraftLot[] }) {
  const lot = compositeLot(
    lots.map((l) => ({
      ...l,
      name: l.name ?? '',
      min_price: l.min_price ?? l.start_price,
    })),
  );
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="composite-preview">
      {T.compositeSummary(
        COMPOSITE_LOT_NAME,
        lot.items_count.toLocaleString('ru-RU'),
        formatRubles(lot.amount_total),
        formatRubles(lot.amount_bottomline),
        formatRubles(lot.start_price),
        lot.dpd === null ? '—' : String(lot.dpd),
      )}
    </Typography>
  );
}

/** Up to 3 integer digits and 2 decimals; a comma becomes a dot (spec 1 §5). */
const PERCENT_RE = /^\d{0,3}([.,]\d{0,2})?$/;

function PercentRow({
  field,
  value,
  error,
  onChange,
}: {
  field: PortfolioPercentField;
  value: number | null;
  error?: string;
  onChange: (patch: Partial<WizardForm>) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const checked = value !== null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <FormControlLabel
        sx={{ flex: 1 }}
        control={
          <Checkbox
            checked={checked}
            onChange={(e) => {
              setText(e.target.checked ? '100' : '');
              onChange({ [field]: e.target.checked ? 100 : null });
            }}
          />
        }
        label={T.percentLabels[field]}
      />
      {checked && (
        <TextField
          size="small"
          sx={{ width: 110 }}
          label={T.percentInput}
          value={text}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': `${T.percentLabels[field]}, %` } }}
          onChange={(e) => {
            if (!PERCENT_RE.test(e.target.value)) return;
            setText(e.target.value);
            const parsed = Number(e.target.value.replace(',', '.'));
            onChange({ [field]: e.target.value === '' ? 0 : parsed });
          }}
        />
      )}
    </Stack>
  );
}
