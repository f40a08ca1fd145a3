/**
 * A numeric input of the Прогноз form (spec 2 §5 "Prediction"): typed as text, kept as a number (money grouped by
 * thousands as in every other money input); placeholder 0, a zero cleared on focus, an emptied field back to 0 on
 * leaving it. The number changes only when the user types, so
 * an untouched field sends the lot's own value exactly.
 */
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGroupedMoneyInput } from '../../lib/regroupMoneyInput.ts';

export interface NumberFormat {
  /** The text the value shows as. */
  display: (value: number) => string;
  /** What the input keeps while typing. */
  sanitize: (text: string) => string;
  /** The typed text as a value; null when it is not allowed. */
  parse: (text: string) => number | null;
  /** Money: grouped by thousands while typed, the caret kept after its digits (like the bid input). */
  grouped?: boolean;
}

interface ForecastNumberFieldProps {
  label: string;
  value: number;
  format: NumberFormat;
  /** The new value, or null while the text is not allowed. */
  onValue: (value: number | null) => void;
  suffix?: string;
  /** Shown while the text is not allowed. */
  invalidText?: string;
  inputMode?: 'numeric' | 'decimal';
}

export function ForecastNumberField({
  label,
  value,
  format,
  onValue,
  suffix,
  invalidText,
  inputMode = 'numeric',
}: ForecastNumberFieldProps) {
  const [text, setText] = useState(() => format.display(value));
  const { inputRef, regroup } = useGroupedMoneyInput();
  const invalid = format.parse(text) === null;
  // A value set from outside replaces the text unless the text already means it (an emptied field means 0).
  useEffect(() => {
    setText((current) => (format.parse(current) === value ? current : format.display(value)));
  }, [value, format]);
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      fullWidth
      placeholder="0"
      inputRef={inputRef}
      error={invalid}
      helperText={invalid ? invalidText : undefined}
      onFocus={() => {
        if (value === 0 && !invalid) setText('');
      }}
      onBlur={() => {
        if (text === '') {
          setText(format.display(0));
          onValue(0);
        }
      }}
      onChange={(event) => {
        const next = format.grouped ? regroup(text, event) : format.sanitize(event.target.value);
        setText(next);
        onValue(format.parse(next));
      }}
      slotProps={{
        htmlInput: { inputMode },
        input: suffix
          ? { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> }
          : undefined,
      }}
    />
  );
}
