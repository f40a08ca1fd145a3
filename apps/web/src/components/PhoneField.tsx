import { TextField, type TextFieldProps } from '@mui/material';
import { type ChangeEvent, useRef } from 'react';
import { nextPhoneValue, PHONE_PREFIX } from '../lib/phoneMask.ts';

type PhoneFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * A phone input masked as '+7 ### ###-##-##' (spec 3 §5): '+7 ' appears on focus, disappears again on blur
 * when nothing was typed, and anything typed or pasted is reshaped into the mask.
 */
export function PhoneField({ value, onChange, onFocus, onBlur, ...props }: PhoneFieldProps) {
  const input = useRef<HTMLInputElement | null>(null);
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const next = nextPhoneValue(value, event.target.value, event.target.selectionStart);
    onChange(next.value);
    // Put the caret back after the same digit once React has written the reshaped text.
    requestAnimationFrame(() => {
      if (input.current && document.activeElement === input.current) {
        input.current.setSelectionRange(next.caret, next.caret);
      }
    });
  };
  return (
    <TextField
      {...props}
      type="tel"
      inputRef={input}
      value={value}
      onChange={change}
      onFocus={(event) => {
        if (value === '') onChange(PHONE_PREFIX);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        if (value.trim() === PHONE_PREFIX.trim()) onChange('');
        onBlur?.(event);
      }}
      slotProps={{
        htmlInput: { inputMode: 'tel', autoComplete: 'tel', maxLength: 20 },
      }}
      placeholder={props.placeholder ?? '+7 ___ ___-__-__'}
    />
  );
}
