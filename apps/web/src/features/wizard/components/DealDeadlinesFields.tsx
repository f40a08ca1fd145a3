/**
 * Step 3's deal deadlines (decisions/0258, 0261): how many Moscow working days the winner has to sign and to pay,
 * and the second bidder to answer; 1–30 each, the domain's defaults shown until the seller types another. An
 * emptied field sends null (the platform's default); the server's message shows under its field.
 */
import {
  DEAL_WORKING_DAYS_MAX,
  DEAL_WORKING_DAYS_MIN,
  DEFAULT_DEAL_DEADLINES,
  type DealDeadlineSettings,
  validateDealWorkingDays,
} from '@etp/domain';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { WIZARD_MESSAGES as T } from '../messages.ts';

type Field = keyof DealDeadlineSettings;

const FIELDS: readonly { field: Field; label: string }[] = [
  { field: 'sign_working_days', label: T.deal.signDays },
  { field: 'pay_working_days', label: T.deal.payDays },
  { field: 'second_offer_working_days', label: T.deal.secondOfferDays },
];

interface DealDeadlinesFieldsProps {
  values: Record<Field, number | null>;
  errors: Record<string, string>;
  onChange: (patch: Partial<Record<Field, number | null>>) => void;
}

export function DealDeadlinesFields({ values, errors, onChange }: DealDeadlinesFieldsProps) {
  return (
    <Stack spacing={2} component="section" aria-label={T.deal.title}>
      <Box>
        <Typography variant="h6" component="h3">
          {T.deal.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 760 }}>
          {T.deal.hint}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, 1fr)' } }}>
        {FIELDS.map(({ field, label }) => (
          <DaysField
            key={field}
            field={field}
            label={label}
            value={values[field]}
            serverError={errors[field]}
            onValue={(value) => onChange({ [field]: value })}
          />
        ))}
      </Box>
    </Stack>
  );
}

function DaysField({
  field,
  label,
  value,
  serverError,
  onValue,
}: {
  field: Field;
  label: string;
  value: number | null;
  serverError: string | undefined;
  onValue: (value: number | null) => void;
}) {
  const fallback = DEFAULT_DEAL_DEADLINES[field];
  // The text as typed: an emptied field stays empty while the user types, and sends the platform's default.
  const [text, setText] = useState(String(value ?? fallback));
  const typed = text === '' ? null : Number(text);
  const localError = typed === null ? null : validateDealWorkingDays(typed);
  const error = serverError ?? localError;
  return (
    <TextField
      name={field}
      label={label}
      value={text}
      error={Boolean(error)}
      helperText={error ?? T.deal.byDefault(fallback)}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          min: DEAL_WORKING_DAYS_MIN,
          max: DEAL_WORKING_DAYS_MAX,
          'data-testid': `deal-days-${field}`,
        },
      }}
      onChange={(event) => {
        const digits = event.target.value.replace(/\D/g, '').slice(0, 3);
        setText(digits);
        onValue(digits === '' ? null : Number(digits));
      }}
    />
  );
}
