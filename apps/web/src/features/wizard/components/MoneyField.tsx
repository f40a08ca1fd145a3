import { kopecksToWholeRubles, rublesToKopecks, sanitizeMoneyInput } from '@etp/domain';
import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';

const show = (kopecks: number | null) =>
  kopecks === null
    ? ''
    : kopecks % 100 === 0
      ? String(kopecksToWholeRubles(kopecks))
      : (kopecks / 100).toFixed(2).replace('.', ',');

interface MoneyFieldProps extends Omit<TextFieldProps, 'value' | 'onChange'> {
  value: number | null;
  onValue: (kopecks: number | null) => void;
}

/** A ruble amount typed as text (digits and one separator, spec 1 §5) and kept as kopecks. */
export function MoneyField({ value, onValue, ...props }: MoneyFieldProps) {
  const [text, setText] = useState(show(value));
  useEffect(() => {
    setText((current) => (rublesToKopecks(current) === value ? current : show(value)));
  }, [value]);
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => {
        const next = sanitizeMoneyInput(event.target.value);
        setText(next);
        onValue(rublesToKopecks(next));
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
    />
  );
}
