/** A date and time in Moscow (ДД.ММ.ГГГГ ЧЧ:ММ) with MUI X's picker; the minimum is today in Moscow. */
import { minimumStartDay } from '@etp/domain';
import { Box } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { ruRU } from '@mui/x-date-pickers/locales';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// dayjs is Russian wherever it is used; it loads only with the date widgets, not in every page's first load.
dayjs.locale('ru');

dayjs.extend(utc);
dayjs.extend(timezone);

const MOSCOW_ZONE = 'Europe/Moscow';

export type DateSource = 'field' | 'view' | 'unknown';

interface MoscowDateTimeFieldProps {
  label: string;
  value: string | null;
  /**
   * `source` says where the value came from: 'field' when typed into the text field, 'view' when picked in the
   * calendar or clock. A typed date and time are the person's own; only a picked day may take a default time.
   */
  onValue: (iso: string | null, source: DateSource) => void;
  now: Date;
  error?: string;
  disabled?: boolean;
  helperText?: string;
  name: string;
}

export function MoscowDateTimeField({
  label,
  value,
  onValue,
  now,
  error,
  disabled,
  helperText,
  name,
}: MoscowDateTimeFieldProps) {
  return (
    <Box data-testid={`${name}-field`}>
      <LocalizationProvider
        dateAdapter={AdapterDayjs}
        adapterLocale="ru"
        localeText={ruRU.components.MuiLocalizationProvider.defaultProps.localeText}
      >
        <DateTimePicker
          label={label}
          timezone={MOSCOW_ZONE}
          value={value ? dayjs(value).tz(MOSCOW_ZONE) : null}
          onChange={(next, context) =>
            onValue(next?.isValid() ? next.toDate().toISOString() : null, context.source)
          }
          minDate={dayjs(minimumStartDay(now)).tz(MOSCOW_ZONE)}
          format="DD.MM.YYYY HH:mm"
          ampm={false}
          disabled={disabled}
          slotProps={{
            textField: {
              fullWidth: true,
              name,
              error: Boolean(error),
              helperText: error ?? helperText,
              // A computed field (the dutch end) is disabled, but its note must stay readable.
              sx: { '& .MuiFormHelperText-root.Mui-disabled:not(.Mui-error)': { color: 'text.secondary' } },
            },
          }}
        />
      </LocalizationProvider>
    </Box>
  );
}
