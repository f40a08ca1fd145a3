/** The right-hand summary menu (spec 1 §2): each step with its status, then what the procedure holds so far. */
import type { WizardDraft } from '@etp/contracts';
import {
  AUCTION_TYPE_LABELS,
  formatMoscowDate,
  formatMoscowTime,
  formatRubles,
  type WizardStep,
} from '@etp/domain';
import {
  Chip,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { WIZARD_MESSAGES as T } from '../messages.ts';
import type { WizardForm } from '../wizardForm.ts';
import { STEP_STATUS_TEXT, type StepStatus } from '../wizardRules.ts';

const STATUS_COLOUR: Record<StepStatus, 'success' | 'warning' | 'default' | 'primary' | 'error'> = {
  filled: 'success',
  inProgress: 'warning',
  required: 'default',
  editing: 'primary',
  error: 'error',
};

interface WizardSummaryProps {
  current: WizardStep;
  statuses: Record<WizardStep, StepStatus>;
  canGo: (step: WizardStep) => boolean;
  onGo: (step: WizardStep) => void;
  form: WizardForm;
  draft: WizardDraft | null;
  organiserName: string | null;
}

export function WizardSummary({
  current,
  statuses,
  canGo,
  onGo,
  form,
  draft,
  organiserName,
}: WizardSummaryProps) {
  const b = draft?.briefcase;
  const lots = draft?.lots.filter((l) => !l.composite).length ?? 0;
  const facts: [string, string][] = [
    [T.summaryType, AUCTION_TYPE_LABELS[form.auction_type]],
    ...(organiserName ? ([[T.summaryOrganiser, organiserName]] as [string, string][]) : []),
    [
      T.summaryFile,
      b?.registry_file_name ?? (b?.converted_from ? T.summaryCarried(b.converted_from) : T.notChosen),
    ],
    ...(b?.has_registry
      ? ([
          [T.summaryDebts, b.items_count.toLocaleString('ru-RU')],
          [T.summaryLots, String(lots)],
          [T.summaryTotal, formatRubles(b.amount_total)],
        ] as [string, string][])
      : []),
    ...(form.start_datetime
      ? ([
          [
            T.summaryStart,
            `${formatMoscowDate(form.start_datetime)} ${formatMoscowTime(form.start_datetime)}`,
          ],
        ] as [string, string][])
      : []),
  ];
  return (
    <Paper
      variant="outlined"
      component="nav"
      aria-label={T.summary}
      sx={{ p: 2, position: { md: 'sticky' }, top: { md: 88 } }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
        {T.summary}
      </Typography>
      <List dense disablePadding>
        {([1, 2, 3, 4] as const).map((step) => (
          <ListItem key={step} disablePadding>
            <ListItemButton
              selected={step === current}
              disabled={!canGo(step)}
              onClick={() => onGo(step)}
              aria-current={step === current ? 'step' : undefined}
              sx={{ borderRadius: 1, alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={`${step}. ${T.steps[step - 1]}`}
                secondary={
                  <Chip
                    component="span"
                    size="small"
                    variant="outlined"
                    color={STATUS_COLOUR[statuses[step]]}
                    label={STEP_STATUS_TEXT[statuses[step]]}
                    sx={{ mt: 0.5 }}
                  />
                }
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider sx={{ my: 1.5 }} />
      <Stack component="dl" spacing={1} sx={{ m: 0 }}>
        {facts.map(([label, value]) => (
          <Stack key={label} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
