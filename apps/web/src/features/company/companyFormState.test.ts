import type { Company } from '@etp/contracts';
import { innOrganisation, innPerson } from '@etp/domain';
import { describe, expect, it } from 'vitest';
import { canSaveCompany, companyFormData, NO_FILE_CHANGES, valuesOf } from './companyFormState.ts';

const legal = {
  ...valuesOf(null),
  kind: 'legal' as const,
  agreement: true,
  current_address: 'Москва, ул. Тверская, 1',
};

describe('the company save rule (spec 3 §5)', () => {
  it('needs the agreement, a change, the INN of the kind and a current address', () => {
    const inn = innOrganisation('770123456');
    expect(canSaveCompany({ ...legal, inn }, true)).toBe(true);
    expect(canSaveCompany({ ...legal, inn }, false)).toBe(false);
    expect(canSaveCompany({ ...legal, inn, agreement: false }, true)).toBe(false);
    expect(canSaveCompany({ ...legal, inn: '12345' }, true)).toBe(false);
    expect(canSaveCompany({ ...legal, inn, current_address: ' ' }, true)).toBe(false);
  });

  it('asks 12 digits of a private person and no current address', () => {
    const person = { ...legal, kind: 'physical' as const, current_address: '', inn: innPerson('5001234567') };
    expect(canSaveCompany(person, true)).toBe(true);
    expect(canSaveCompany({ ...person, inn: innOrganisation('770123456') }, true)).toBe(false);
    expect(canSaveCompany({ ...person, kind: 'self' }, true)).toBe(false);
  });

  it('fills the form from the stored company, the phone in the mask', () => {
    const values = valuesOf({
      kind: 'bank',
      phone: '74951234500',
      bank_account: { bik: '044525225' },
    } as Company);
    expect(values.phone).toBe('+7 495 123-45-00');
    expect(values.bank_account.bik).toBe('044525225');
  });

  it('sends bracket names, the phone as stored, removed documents and new ones', () => {
    const file = new File(['%PDF-1.4'], 'charter.pdf');
    const form = companyFormData(
      { ...legal, phone: '+7 495 123-45-00', bank_account: { ...legal.bank_account, bik: '044525225' } },
      { ...NO_FILE_CHANGES, newDocuments: [file], destroyedDocumentIds: [9] },
    );
    expect(form.get('phone')).toBe('74951234500');
    expect(form.get('bank_account[bik]')).toBe('044525225');
    expect(form.get('documents_attributes[0][id]')).toBe('9');
    expect(form.get('documents_attributes[0][_destroy]')).toBe('true');
    expect((form.get('documents_attributes[1][file]') as File).name).toBe('charter.pdf');
    expect(form.get('agreement')).toBe('true');
  });
});
