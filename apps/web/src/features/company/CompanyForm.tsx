import type { Company } from '@etp/contracts';
import { accreditationSentMessage, type CompanyKind } from '@etp/domain';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { errorText } from '../../lib/errorText.ts';
import { toast } from '../../lib/toast.ts';
import { CompanyFiles } from './CompanyFiles.tsx';
import { CompanyRequisites } from './CompanyRequisites.tsx';
import { companyApi } from './companyApi.ts';
import {
  BANK_FIELDS,
  type CompanyFileChanges,
  type CompanyFormValues,
  canSaveCompany,
  companyFormData,
  companyFormErrors,
  hasChanges,
  NO_FILE_CHANGES,
  valuesOf,
} from './companyFormState.ts';
import type { FieldBuilder } from './fieldProps.ts';
import { COMPANY_PAGE_MESSAGES as T } from './messages.ts';

type Errors = Record<string, string>;

const read = (values: CompanyFormValues, path: string): string => {
  const [head, tail] = path.split('.');
  const value = tail
    ? (values.bank_account as Record<string, string>)[tail]
    : (values as unknown as Record<string, unknown>)[head ?? ''];
  return typeof value === 'string' ? value : '';
};

/**
 * The company form (spec 3 §2.5, §3): saving sends it to accreditation. The button follows the save rule of
 * spec 3 §5; on submit every requisite is checked by the domain, and the server's errors land on their fields.
 */
export function CompanyForm({ company }: { company: Company | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [initial, setInitial] = useState(() => valuesOf(company));
  const [values, setValues] = useState(initial);
  const [files, setFiles] = useState<CompanyFileChanges>(NO_FILE_CHANGES);
  const [errors, setErrors] = useState<Errors>({});
  const changed = hasChanges(values, initial, files);

  const save = useMutation({
    mutationFn: () => companyApi.save(companyFormData(values, files)),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeys.company, answer.data);
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
      const fresh = valuesOf(answer.data);
      setInitial(fresh);
      setValues(fresh);
      setFiles(NO_FILE_CHANGES);
      toast.success(accreditationSentMessage(answer.data.kind));
    },
    onError: (failure) => {
      const message = errorText(failure, T.saveFailed);
      if (failure instanceof ApiError && (failure.errors.first_name || failure.errors.last_name)) {
        // Spec 3 §4.3: the company cannot be sent without the user's names; they are filled in the profile.
        toast.error(`${message}. ${T.fillNames}`);
        void navigate('/profile');
        return;
      }
      toast.error(message);
      if (failure instanceof ApiError) {
        setErrors(
          Object.fromEntries(Object.entries(failure.errors).map(([key, list]) => [key, list[0] ?? ''])),
        );
      }
    },
  });

  const set = (path: string, value: string | boolean) => {
    setValues((prev) => {
      const [head, tail] = path.split('.');
      if (tail) return { ...prev, bank_account: { ...prev.bank_account, [tail]: value } };
      return { ...prev, [head ?? '']: value };
    });
    setErrors((prev) => ({ ...prev, [path]: '' }));
  };
  const field: FieldBuilder = (path, label, hint) => ({
    name: path.includes('.') ? `bank_account[${path.split('.')[1]}]` : path,
    label,
    value: read(values, path),
    onChange: (event) => set(path, event.target.value),
    error: Boolean(errors[path]),
    helperText: errors[path] || hint,
    fullWidth: true,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = companyFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error(T.fixErrors);
      return;
    }
    save.mutate();
  };
  const disabled = save.isPending;
  const half = { xs: 12, md: 6 } as const;
  const name = values.name || company?.name || '';

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={3}>
      <SectionCard title={T.sections.main} id="company-main">
        <CompanyRequisites
          values={values}
          field={field}
          onKind={(kind: CompanyKind) => set('kind', kind)}
          onPhone={(phone) => set('phone', phone)}
          phoneError={errors.phone}
          disabled={disabled}
        />
      </SectionCard>
      {values.kind !== '' && (
        <>
          <SectionCard title={T.sections.roles} id="company-roles">
            <FormGroup>
              {(['buyer', 'seller'] as const).map((flag) => (
                <FormControlLabel
                  key={flag}
                  control={
                    <Checkbox
                      checked={values[flag]}
                      onChange={(event) => set(flag, event.target.checked)}
                      disabled={disabled}
                    />
                  }
                  label={T.fields[flag]}
                />
              ))}
            </FormGroup>
          </SectionCard>
          <SectionCard title={T.sections.bank} id="company-bank">
            <Grid container spacing={2}>
              {BANK_FIELDS.map((bankField) => (
                <Grid key={bankField} size={bankField === 'bank' ? 12 : half}>
                  <TextField
                    {...field(`bank_account.${bankField}`, T.fields[bankField])}
                    disabled={disabled}
                  />
                </Grid>
              ))}
            </Grid>
          </SectionCard>
          <SectionCard title={T.sections.signer} id="company-signer">
            <Grid container spacing={2}>
              <Grid size={half}>
                <TextField {...field('signer_name', T.fields.signer_name)} disabled={disabled} />
              </Grid>
              <Grid size={half}>
                <TextField
                  {...field(
                    'signer_position_and_fio',
                    T.fields.signer_position_and_fio,
                    T.hints.signer_position_and_fio,
                  )}
                  disabled={disabled}
                />
              </Grid>
            </Grid>
          </SectionCard>
          <SectionCard title={T.sections.files} id="company-files">
            <CompanyFiles
              company={company}
              name={name}
              files={files}
              onChange={setFiles}
              disabled={disabled}
            />
          </SectionCard>
        </>
      )}
      <SectionCard title={T.sections.agreement} id="company-agreement">
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Checkbox
                name="agreement"
                checked={values.agreement}
                onChange={(event) => set('agreement', event.target.checked)}
                disabled={disabled}
              />
            }
            label={T.fields.agreement}
          />
          {errors.agreement && (
            <Typography variant="caption" color="error">
              {errors.agreement}
            </Typography>
          )}
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 2,
              alignItems: { sm: 'center' },
            }}
          >
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={!canSaveCompany(values, changed) || disabled}
            >
              {T.submit}
            </Button>
            {!canSaveCompany(values, changed) && (
              <Typography variant="body2" color="text.secondary">
                {T.submitHint}
              </Typography>
            )}
          </Box>
        </Stack>
      </SectionCard>
    </Stack>
  );
}
