import { groupMoneyInput, kopecksToWholeRubles, rublesToKopecks, sanitizeMoneyInput } from '@etp/domain';
import { TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGroupedMoneyInput } from '../../../lib/regroupMoneyInput.ts';

const show = (kopecks: number | null) =>
  kopecks === null
    ? ''
    : groupMoneyInput(
        kopecks % 100 === 0
          ? String(kopecksToWholeRubles(kopecks))
          : (kopecks / 100).toFixed(2).replace('.', ','),
      );

interface MoneyFieldProps extends Omit<TextFieldProps, 'value' | 'onChange'> {
  value: number | null;
  onValue: (kopecks: number | null) => void;
}

/**
 * A ruble amount typed as text (digits and one separator, spec 1 §5), grouped by thousands as it is typed
 * (decisions/0191), and kept as kopecks.
 */
export function MoneyField({ value, onValue, slotProps, ...props }: MoneyFieldProps) {
  const [text, setText] = useState(show(value));
  const { inputRef, regroup } = useGroupedMoneyInput();
  useEffect(() => {
    setText((current) => (rublesToKopecks(sanitizeMoneyInput(current)) === value ? current : show(value)));
  }, [value]);
  return (
    <TextField
      {...props}
      value={text}
      inputRef={inputRef}
      onChange={(event) => {
        const next = regroup(text, event);
        setText(next);
        onValue(rublesToKopecks(sanitizeMoneyInput(next)));
      }}
      slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', ...(slotProps?.htmlInput ?? {}) } }}
    />
  );
}
