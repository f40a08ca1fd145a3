import { PHONE_MASKED_LENGTH, validatePhone } from '@etp/domain';
import { Button, Stack } from '@mui/material';
import { type FormEvent, type ReactNode, useState } from 'react';
import { PhoneField } from '../../components/PhoneField.tsx';
import { AUTH_MESSAGES as T } from './messages.ts';

/**
 * The phone step shared by sign-in and sign-up: one masked number, checked here before it is sent, with the
 * server's refusal of the last attempt under the field until the number changes.
 */
export function PhoneForm({
  initialPhone = '',
  refusal,
  onEdit,
  onSubmit,
  pending,
  submitLabel,
  onBack,
  backLabel,
  children,
}: {
  initialPhone?: string;
  /** Why the server refused the last number (null: nothing to show under the field). */
  refusal: string | null;
  /** The number changed: the parent forgets its refusal. */
  onEdit: () => void;
  onSubmit: (phone: string) => void;
  pending: boolean;
  submitLabel: string;
  onBack?: () => void;
  backLabel?: string;
  /** Shown between the field and the buttons (e.g. "this number already has an account"). */
  children?: ReactNode;
}) {
  const [phone, setPhone] = useState(initialPhone);
  const [invalid, setInvalid] = useState<string | null>(null);
  const error = invalid ?? refusal;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validatePhone(phone);
    setInvalid(message);
    if (!message) onSubmit(phone);
  };
  return (
    <Stack component="form" spacing={2.5} noValidate onSubmit={submit}>
      <PhoneField
        label={T.phone}
        name="phone"
        autoFocus
        fullWidth
        size="medium"
        value={phone}
        onChange={(value) => {
          setPhone(value);
          setInvalid(null);
          onEdit();
        }}
        error={Boolean(error)}
        helperText={error}
      />
      {children}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={phone.length < PHONE_MASKED_LENGTH || pending}
        fullWidth
      >
        {submitLabel}
      </Button>
      {onBack && (
        <Button onClick={onBack} fullWidth>
          {backLabel ?? T.back}
        </Button>
      )}
    </Stack>
  );
}
