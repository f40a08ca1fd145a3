import {
  COMPANY_KIND_LABELS,
  COMPANY_KINDS,
  type CompanyKind,
  innLengthFor,
  isOrganisationKind,
} from '@etp/domain';
import { Grid, MenuItem, TextField } from '@mui/material';
import { PhoneField } from '../../components/PhoneField.tsx';
import type { CompanyFormValues } from './companyFormState.ts';
import type { FieldBuilder } from './fieldProps.ts';
import { COMPANY_PAGE_MESSAGES as T } from './messages.ts';

interface CompanyRequisitesProps {
  values: CompanyFormValues;
  field: FieldBuilder;
  onKind: (kind: CompanyKind) => void;
  onPhone: (phone: string) => void;
  phoneError?: string;
  disabled: boolean;
}

/** Kind, names, INN/KPP/OKVED, management, addresses, contacts, passport: the fields each kind needs. */
export function CompanyRequisites({
  values,
  field,
  onKind,
  onPhone,
  phoneError,
  disabled,
}: CompanyRequisitesProps) {
  const kind = values.kind;
  const organisation = kind !== '' && isOrganisationKind(kind);
  const person = kind === 'physical' || kind === 'self';
  const F = T.fields;
  const half = { xs: 12, md: 6 } as const;
  return (
    <Grid container spacing={2}>
      <Grid size={half}>
        <TextField
          select
          name="kind"
          label={F.kind}
          value={kind}
          onChange={(event) => onKind(event.target.value as CompanyKind)}
          disabled={disabled}
          fullWidth
        >
          {COMPANY_KINDS.map((option) => (
            <MenuItem key={option} value={option}>
              {COMPANY_KIND_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {kind !== '' && (
        <>
          <Grid size={half}>
            <TextField
              {...field('inn', F.inn, T.hints.inn(innLengthFor(kind)))}
              disabled={disabled}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          {organisation && (
            <>
              <Grid size={half}>
                <TextField {...field('name', F.name)} disabled={disabled} />
              </Grid>
              <Grid size={half}>
                <TextField {...field('full_name', F.full_name)} disabled={disabled} />
              </Grid>
              <Grid size={half}>
                <TextField {...field('kpp', F.kpp)} disabled={disabled} />
              </Grid>
            </>
          )}
          {kind !== 'physical' && (
            <Grid size={half}>
              <TextField {...field('okved', F.okved)} disabled={disabled} />
            </Grid>
          )}
          {organisation && (
            <>
              <Grid size={half}>
                <TextField {...field('management_name', F.management_name)} disabled={disabled} />
              </Grid>
              <Grid size={half}>
                <TextField {...field('management_post', F.management_post)} disabled={disabled} />
              </Grid>
            </>
          )}
          {person && (
            <Grid size={half}>
              <TextField {...field('passport', F.passport, T.hints.passport)} disabled={disabled} />
            </Grid>
          )}
          <Grid size={12}>
            <TextField {...field('address', person ? F.addressPerson : F.address)} disabled={disabled} />
          </Grid>
          <Grid size={12}>
            <TextField {...field('current_address', F.current_address)} disabled={disabled} />
          </Grid>
          <Grid size={half}>
            <PhoneField
              name="phone"
              label={F.phone}
              value={values.phone}
              onChange={onPhone}
              error={Boolean(phoneError)}
              helperText={phoneError}
              disabled={disabled}
              fullWidth
            />
          </Grid>
          <Grid size={half}>
            <TextField {...field('email', F.email)} type="email" disabled={disabled} />
          </Grid>
        </>
      )}
    </Grid>
  );
}
