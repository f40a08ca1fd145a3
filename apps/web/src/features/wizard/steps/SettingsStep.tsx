/** Step 3: procedure settings (spec 1 §2, §4 Dates, §5): modes, Moscow dates, price policy, per-lot steps. */
import type { WizardDraftLot } from '@etp/contracts';
import {
  defaultEndFor,
  defaultStartFor,
  END_MODE_LABELS,
  END_MODES,
  formatDurationHHMM,
  PAYMENT_KIND_LABELS,
  PAYMENT_KINDS,
  PERCENT_MODE_FULL_LABELS,
  PERCENT_MODES,
  parseDurationHHMM,
  planDutch,
  privateNoticeShort,
} from '@etp/domain';
import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { DealDeadlinesFields } from '../components/DealDeadlinesFields.tsx';
import { DocumentsUpload } from '../components/DocumentsUpload.tsx';
import { LotsTable } from '../components/LotsTable.tsx';
import { MoneyField } from '../components/MoneyField.tsx';
import { type DateSource, MoscowDateTimeField } from '../components/MoscowDateTimeField.tsx';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import type { WizardForm } from '../wizardForm.ts';

interface SettingsStepProps {
  briefcaseId: number;
  form: WizardForm;
  lots: readonly WizardDraftLot[];
  errors: Record<string, string>;
  isAdmin: boolean;
  /** active: the start and the step are locked. */
  active: boolean;
  /** The procedure's documents may not change (a non-administrator on an approved procedure). */
  documentsLocked: boolean;
  now: Date;
  onChange: (patch: Partial<WizardForm>) => void;
}

const intOrNull = (text: string) => (text.trim() === '' ? null : Number.parseInt(text, 10));

export function SettingsStep({
  briefcaseId,
  form,
  lots,
  errors,
  isAdmin,
  active,
  documentsLocked,
  now,
  onChange,
}: SettingsStepProps) {
  const type = form.auction_type;
  const sealed = type === 'private_requests' || type === 'bank_to_bank';
  const open = type === 'classic' || type === 'dutch';
  const regular = lots.filter((l) => !l.composite);
  const dutchEnd =
    type === 'dutch' && form.start_datetime && form.max_price && form.lot_renewal_minutes > 0
      ? planDutch({
          lots: regular.map((l) => ({
            id: l.id,
            min_price: form.lots_start_prices_cents[String(l.id)] ?? 0,
            step_price: form.custom_steps ? (form.lots_step_price[String(l.id)] ?? null) : null,
          })),
          maxPrice: form.max_price,
          stepPrice: form.step_price ?? 0,
          renewalMinutes: form.lot_renewal_minutes,
          start: new Date(form.start_datetime),
        }).end.toISOString()
      : null;

  // The spec's default start (next full hour, or 11:00 of the chosen day) is for a day first picked in the calendar;
  // a date and time typed into the field are kept as typed, minute for minute (decisions/0272).
  const setStart = (iso: string | null, source: DateSource) => {
    if (!iso) return onChange({ start_datetime: null });
    const firstPick = !form.start_datetime && source === 'view';
    const start = firstPick ? defaultStartFor(new Date(iso), now) : new Date(iso);
    const end = defaultEndFor(
      type,
      start,
      form.end_datetime ? new Date(form.end_datetime) : null,
      form.start_datetime ? new Date(form.start_datetime) : null,
    );
    onChange({ start_datetime: start.toISOString(), end_datetime: end?.toISOString() ?? null });
  };

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {sealed && (
          <TextField
            select
            label={T.endMode}
            value={form.end_mode}
            onChange={(e) => onChange({ end_mode: e.target.value as WizardForm['end_mode'] })}
          >
            {END_MODES.map((mode) => (
              <MenuItem key={mode} value={mode}>
                {END_MODE_LABELS[mode]}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!(sealed && form.end_mode !== 'ransom') && (
          <TextField
            select
            label={T.kind}
            value={form.kind ?? ''}
            onChange={(e) => onChange({ kind: e.target.value as WizardForm['kind'] })}
          >
            {PAYMENT_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {PAYMENT_KIND_LABELS[kind]}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          label={T.percentMode}
          value={form.percent_mode}
          disabled={type === 'bank_to_bank'}
          onChange={(e) => onChange({ percent_mode: e.target.value as WizardForm['percent_mode'] })}
        >
          {PERCENT_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {PERCENT_MODE_FULL_LABELS[mode]}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <MoscowDateTimeField
          name="start_datetime"
          label={T.start}
          value={form.start_datetime}
          onValue={setStart}
          now={now}
          disabled={active}
          error={errors.start_datetime}
        />
        <MoscowDateTimeField
          name="end_datetime"
          label={T.end}
          value={type === 'dutch' ? dutchEnd : form.end_datetime}
          onValue={(iso) => onChange({ end_datetime: iso })}
          now={now}
          disabled={type === 'dutch'}
          helperText={type === 'dutch' ? T.dutchEnd : undefined}
          error={errors.end_datetime}
        />
      </Box>
      {privateNoticeShort(type, form.start_datetime ? new Date(form.start_datetime) : null, now) && (
        <Alert severity="info">{T.privateHint}</Alert>
      )}

      {open && (
        <Stack spacing={2}>
          <Typography variant="h6" component="h3">
            {T.pricePolicy}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {type === 'dutch' && (
              <MoneyField
                name="max_price"
                label={T.maxPrice}
                value={form.max_price}
                onValue={(v) => onChange({ max_price: v })}
                error={Boolean(errors.max_price)}
                helperText={errors.max_price}
              />
            )}
            {!form.custom_steps && (
              <MoneyField
                name="step_price"
                label={T.stepPrice}
                value={form.step_price}
                disabled={active}
                onValue={(v) => onChange({ step_price: v })}
                error={Boolean(errors.step_price)}
                helperText={errors.step_price}
              />
            )}
            {type === 'dutch' && (
              <TextField
                name="lot_renewal_minutes"
                label={T.lotRenewal}
                value={form.lot_renewal_minutes}
                error={Boolean(errors.lot_renewal_minutes)}
                helperText={errors.lot_renewal_minutes}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                onChange={(e) => onChange({ lot_renewal_minutes: intOrNull(e.target.value) ?? 0 })}
              />
            )}
            {type === 'dutch' && (
              <TextField
                name="steps_after_first_bid"
                label={T.stepsAfterFirstBid}
                value={form.steps_after_first_bid ?? ''}
                error={Boolean(errors.steps_after_first_bid)}
                helperText={errors.steps_after_first_bid ?? T.stepsAfterFirstBidHint}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                onChange={(e) => onChange({ steps_after_first_bid: intOrNull(e.target.value) })}
              />
            )}
            {type === 'dutch' && (
              <TextField
                name="max_bids"
                label={T.maxBids}
                value={form.max_bids ?? ''}
                error={Boolean(errors.max_bids)}
                helperText={errors.max_bids}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                onChange={(e) => onChange({ max_bids: intOrNull(e.target.value) })}
              />
            )}
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={form.custom_steps}
                disabled={active}
                onChange={(e) => onChange({ custom_steps: e.target.checked })}
              />
            }
            label={T.customSteps}
          />
          {type === 'classic' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={form.renewal_after_last_bid}
                    onChange={(e) =>
                      onChange({
                        renewal_after_last_bid: e.target.checked,
                        renewal_after_last_bid_in_minutes: e.target.checked
                          ? form.renewal_after_last_bid_in_minutes || 10
                          : 0,
                      })
                    }
                  />
                }
                label={T.renewalAfterLastBid}
              />
              {form.renewal_after_last_bid && (
                <TextField
                  size="small"
                  name="renewal_after_last_bid_in_minutes"
                  label={T.renewalMinutes}
                  value={form.renewal_after_last_bid_in_minutes}
                  error={Boolean(errors.renewal_after_last_bid_in_minutes)}
                  helperText={errors.renewal_after_last_bid_in_minutes}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  onChange={(e) =>
                    onChange({ renewal_after_last_bid_in_minutes: intOrNull(e.target.value) ?? 0 })
                  }
                />
              )}
            </Stack>
          )}
          {isAdmin && (
            <RoundTtlField
              value={form.round_request_ttl}
              onChange={(ms) => onChange({ round_request_ttl: ms })}
            />
          )}
        </Stack>
      )}

      <DealDeadlinesFields
        values={{
          sign_working_days: form.sign_working_days,
          pay_working_days: form.pay_working_days,
          second_offer_working_days: form.second_offer_working_days,
        }}
        errors={errors}
        onChange={onChange}
      />

      <Typography variant="h6" component="h3">
        {T.lotsTitle}
      </Typography>
      <LotsTable
        briefcaseId={briefcaseId}
        lots={regular}
        method={null}
        priceTitle={type === 'dutch' ? T.colLotPriceDutch : T.colLotPrice}
        priceCell={(lot) => (
          <MoneyField
            size="small"
            name={`lots.${lot.id}.start_price`}
            label={type === 'dutch' ? T.colLotPriceDutch : T.colLotPrice}
            value={form.lots_start_prices_cents[String(lot.id)] ?? null}
            disabled={active}
            error={Boolean(errors[`lots.${lot.id}.start_price`])}
            helperText={errors[`lots.${lot.id}.start_price`]}
            onValue={(v) =>
              onChange({ lots_start_prices_cents: { ...form.lots_start_prices_cents, [String(lot.id)]: v } })
            }
          />
        )}
        stepCell={
          open && form.custom_steps
            ? (lot) => (
                <MoneyField
                  size="small"
                  label={T.colStep}
                  value={form.lots_step_price[String(lot.id)] ?? null}
                  disabled={active}
                  error={Boolean(errors[`lots.${lot.id}.step_price`])}
                  helperText={errors[`lots.${lot.id}.step_price`]}
                  onValue={(v) =>
                    onChange({ lots_step_price: { ...form.lots_step_price, [String(lot.id)]: v } })
                  }
                />
              )
            : undefined
        }
      />
      <DocumentsUpload
        briefcaseId={briefcaseId}
        documents={form.documents}
        errors={errors}
        disabled={documentsLocked}
        onChange={(documents) => onChange({ documents })}
      />
    </Stack>
  );
}

function RoundTtlField({ value, onChange }: { value: number; onChange: (ms: number) => void }) {
  const [text, setText] = useState(formatDurationHHMM(value));
  const parsed = parseDurationHHMM(text);
  return (
    <TextField
      label={T.roundTtl}
      value={text}
      sx={{ maxWidth: 360 }}
      error={parsed === null}
      onChange={(e) => {
        setText(e.target.value);
        const ms = parseDurationHHMM(e.target.value);
        if (ms !== null && ms >= 60_000) onChange(ms);
      }}
    />
  );
}
