/**
 * The company form's values, the save rule of spec 3 §5 and the multipart body of POST /api/v1/company.
 * The full check of every requisite is the domain's validateCompanyForm, run on submit.
 */
import type { Company } from '@etp/contracts';
import {
  type CompanyFormErrors,
  type CompanyKind,
  formatPhone,
  innLengthFor,
  normalizePhone,
  validateCompanyForm,
} from '@etp/domain';

const TEXT_FIELDS = [
  'name',
  'full_name',
  'inn',
  'kpp',
  'okved',
  'management_name',
  'management_post',
  'address',
  'current_address',
  'phone',
  'email',
  'passport',
  'signer_name',
  'signer_position_and_fio',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];

export const BANK_FIELDS = ['account', 'bank', 'bik', 'bank_inn', 'correspondent_account'] as const;
type BankField = (typeof BANK_FIELDS)[number];

export type CompanyFormValues = Record<TextField, string> & {
  kind: CompanyKind | '';
  buyer: boolean;
  seller: boolean;
  agreement: boolean;
  bank_account: Record<BankField, string>;
};

/** Files the form adds or drops besides its fields. */
export interface CompanyFileChanges {
  logo: File | null;
  removeLogo: boolean;
  newDocuments: File[];
  destroyedDocumentIds: number[];
}

export const NO_FILE_CHANGES: CompanyFileChanges = {
  logo: null,
  removeLogo: false,
  newDocuments: [],
  destroyedDocumentIds: [],
};

/** The form as the stored company fills it (empty for a user without a company; a buyer by default). */
export function valuesOf(company: Company | null): CompanyFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, company?.[field] ?? ''])) as Record<
    TextField,
    string
  >;
  if (text.phone) text.phone = formatPhone(text.phone);
  return {
    ...text,
    kind: company?.kind ?? '',
    buyer: company?.buyer ?? true,
    seller: company?.seller ?? false,
    agreement: company?.agreement ?? false,
    bank_account: Object.fromEntries(
      BANK_FIELDS.map((field) => [field, company?.bank_account[field] ?? '']),
    ) as Record<BankField, string>,
  };
}

const same = (a: CompanyFormValues, b: CompanyFormValues) => JSON.stringify(a) === JSON.stringify(b);

export function hasChanges(values: CompanyFormValues, initial: CompanyFormValues, files: CompanyFileChanges) {
  return (
    !same(values, initial) ||
    files.logo !== null ||
    files.removeLogo ||
    files.newDocuments.length > 0 ||
    files.destroyedDocumentIds.length > 0
  );
}

/**
 * Spec 3 §5: saving is enabled only when the agreement is accepted, the data changed, the INN has 12 digits for
 * physical and self and 10 for the others, and every kind except physical has a current address.
 */
export function canSaveCompany(values: CompanyFormValues, changed: boolean): boolean {
  if (!values.kind || !values.agreement || !changed) return false;
  if (values.inn.trim().length !== innLengthFor(values.kind)) return false;
  return values.kind === 'physical' || values.current_address.trim() !== '';
}

/** Every requisite's own rule (domain), by field path ('inn', 'bank_account.bik'). */
export function companyFormErrors(values: CompanyFormValues): CompanyFormErrors {
  return validateCompanyForm({ ...values, kind: values.kind });
}

export function companyFormData(values: CompanyFormValues, files: CompanyFileChanges): FormData {
  const form = new FormData();
  form.append('kind', values.kind);
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    form.append(field, field === 'phone' && value ? (normalizePhone(value) ?? value) : value);
  }
  for (const flag of ['buyer', 'seller', 'agreement'] as const) form.append(flag, String(values[flag]));
  for (const field of BANK_FIELDS) form.append(`bank_account[${field}]`, values.bank_account[field].trim());
  if (files.logo) form.append('logo', files.logo);
  if (files.removeLogo && !files.logo) form.append('remove_logo', 'true');
  let index = 0;
  for (const id of files.destroyedDocumentIds) {
    form.append(`documents_attributes[${index}][id]`, String(id));
    form.append(`documents_attributes[${index++}][_destroy]`, 'true');
  }
  for (const file of files.newDocuments) {
    // The flag keeps the list dense: the file part alone adds no field at this index.
    form.append(`documents_attributes[${index}][_destroy]`, 'false');
    form.append(`documents_attributes[${index++}][file]`, file);
  }
  return form;
}
