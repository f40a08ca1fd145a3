/**
 * An outlined text field without MUI's select machinery: TextField imports Select, and with it Menu, Popover and
 * Modal (about 12 kB gzip), even for a plain input. Fields that live on a page's first screen (the bid input of
 * the Торги tab) use this instead (decisions/0230); it renders what TextField renders for an outlined input:
 * FormControl, InputLabel, OutlinedInput and FormHelperText, wired by ids.
 */
import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import {
  type FocusEventHandler,
  type InputHTMLAttributes,
  type KeyboardEventHandler,
  type Ref,
  useId,
} from 'react';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: OutlinedInputProps['onChange'];
  onFocus?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  /** As TextField: the theme's default (small) unless told. */
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  placeholder?: string;
  type?: 'text' | 'search';
  /** What TextField's slotProps.input takes: adornments. */
  startAdornment?: OutlinedInputProps['startAdornment'];
  endAdornment?: OutlinedInputProps['endAdornment'];
  /** Attributes of the <input> (TextField's slotProps.htmlInput). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; 'data-testid'?: string };
  sx?: SxProps<Theme>;
}

export function TextInput({
  label,
  value,
  onChange,
  onFocus,
  onBlur,
  onKeyDown,
  size,
  fullWidth,
  disabled,
  error,
  helperText,
  placeholder,
  type,
  startAdornment,
  endAdornment,
  htmlInput,
  sx,
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  const { ref, ...inputProps } = htmlInput ?? {};
  return (
    <FormControl size={size} fullWidth={fullWidth} disabled={disabled} error={error} sx={sx}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        onFocus={onFocus}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        type={type}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        inputRef={ref}
        inputProps={{ ...inputProps, 'aria-describedby': helperId }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
