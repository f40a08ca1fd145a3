import { SMS_CODE_LENGTH } from '@etp/domain';
import { Box, FormHelperText, InputBase, Stack } from '@mui/material';
import { type ClipboardEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { COMPONENT_MESSAGES as T } from './messages.ts';

interface SmsCodeInputProps {
  /** Called once the last box is filled (spec 3 §4.1: the 4th digit submits the code). */
  onComplete: (code: string) => void;
  error?: string | null;
  disabled?: boolean;
  /** The label of the group and of each box ('Код из SMS, цифра 1'). */
  label: string;
  /** Changing it empties the boxes (a new code was sent, or the code was refused). */
  resetKey?: unknown;
}

const EMPTY = Array.from({ length: SMS_CODE_LENGTH }, () => '');

/** The code of an SMS as four one-digit boxes: typing moves on, Backspace moves back, a pasted code fills all. */
export function SmsCodeInput({ onComplete, error, disabled = false, label, resetKey }: SmsCodeInputProps) {
  const [digits, setDigits] = useState<string[]>(EMPTY);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const errorId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new resetKey empties the boxes.
  useEffect(() => {
    setDigits(EMPTY);
    boxes.current[0]?.focus();
  }, [resetKey]);

  const update = (next: string[], focusIndex: number) => {
    setDigits(next);
    boxes.current[Math.min(focusIndex, SMS_CODE_LENGTH - 1)]?.focus();
    if (next.every((d) => d !== '')) onComplete(next.join(''));
  };

  const type = (index: number, text: string) => {
    const typed = text.replace(/\D/g, '');
    if (typed === '') return;
    const next = [...digits];
    let at = index;
    for (const digit of typed.slice(0, SMS_CODE_LENGTH - index)) next[at++] = digit;
    update(next, at);
  };

  const keyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      const target = digits[index] !== '' ? index : Math.max(0, index - 1);
      next[target] = '';
      setDigits(next);
      boxes.current[target]?.focus();
    } else if (event.key === 'ArrowLeft') boxes.current[index - 1]?.focus();
    else if (event.key === 'ArrowRight') boxes.current[index + 1]?.focus();
  };

  const paste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    type(index, event.clipboardData.getData('text'));
  };

  return (
    <Box role="group" aria-label={label}>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center' }}>
        {digits.map((digit, index) => (
          <InputBase
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, not items.
            key={index}
            inputRef={(node: HTMLInputElement | null) => {
              boxes.current[index] = node;
            }}
            value={digit}
            disabled={disabled}
            autoFocus={index === 0}
            onChange={(event) => {
              // A box holding a digit gets a second one typed after it: keep the new one. Anything longer
              // (a code filled or dropped in at once) spreads over the boxes from here.
              const value = event.target.value;
              const old = digits[index] ?? '';
              type(index, old && value.length === 2 && value.startsWith(old) ? value.slice(1) : value);
            }}
            onKeyDown={(event) => keyDown(index, event as KeyboardEvent<HTMLInputElement>)}
            onPaste={(event) => paste(index, event as ClipboardEvent<HTMLInputElement>)}
            onFocus={(event) => (event.target as HTMLInputElement).select()}
            inputProps={{
              inputMode: 'numeric',
              autoComplete: index === 0 ? 'one-time-code' : 'off',
              maxLength: SMS_CODE_LENGTH,
              'aria-label': T.digit(label, index + 1),
              'aria-invalid': Boolean(error),
              'aria-describedby': error ? errorId : undefined,
            }}
            sx={{
              width: 56,
              height: 64,
              border: 1.5,
              borderRadius: 2,
              borderColor: error ? 'error.main' : 'divider',
              fontSize: 28,
              fontWeight: 600,
              '&.Mui-focused': { borderColor: error ? 'error.main' : 'primary.main' },
              '& input': { textAlign: 'center', p: 0 },
            }}
          />
        ))}
      </Stack>
      {error && (
        <FormHelperText id={errorId} error sx={{ textAlign: 'center', mt: 1 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
