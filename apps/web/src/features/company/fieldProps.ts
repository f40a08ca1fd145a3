import type { ChangeEvent } from 'react';

/** What a section needs to render one text field of the company form. */
interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: boolean;
  helperText?: string;
  fullWidth: true;
}

/** Builds the props of the field at `path` ('inn', 'bank_account.bik'), with its label and optional hint. */
export type FieldBuilder = (path: string, label: string, hint?: string) => FieldProps;
