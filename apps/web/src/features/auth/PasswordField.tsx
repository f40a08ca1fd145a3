import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';

/**
 * The toggle's names, here rather than in messages.ts so that the profile's password form does not take every
 * sign-in text with it (decisions/0170).
 */
const PASSWORD_FIELD_MESSAGES = {
  showPassword: 'Показать введённые символы',
  hidePassword: 'Скрыть введённые символы',
};

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={
                  shown ? PASSWORD_FIELD_MESSAGES.hidePassword : PASSWORD_FIELD_MESSAGES.showPassword
                }
                onClick={() => setShown((value) => !value)}
                edge="end"
                size="small"
              >
                {shown ? <VisibilityOffIcon fontSize="small" /> : <VisibilityIcon fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
