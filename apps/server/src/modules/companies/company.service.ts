/**
 * Saving the company sends it to accreditation (spec 3 §4.3; docs/decisions/0032-company-and-accreditation.md).
 * A user without a company creates one and becomes its owner; a company is edited by its owner only. A change of
 * what the company is or may do (kind, names, INN, KPP, OKVED, buyer and seller flags) suspends an accreditation
 * until an administrator reviews it; other changes keep it while the review runs.
 */
import type { companyFormFields } from '@etp/contracts';
import {
  COMPANY_DOCUMENTS_MAX_COUNT,
  type CompanyKind,
  DOCUMENT_FORMATS,
  IMAGE_FORMATS,
  normalizeEmail,
  normalizePhone,
  validateName,
} from '@etp/domain';
import type { z } from 'zod';
import type { AppContext } from '../../appContext.ts';
import { AppError, forbidden, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import { storageOf } from '../../storage/storageOf.ts';
import { appendAudit } from '../audit/audit.queries.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import {
  assertSafeArchive,
  dropFiles,
  formatOf,
  newFileKey,
  withStoredFiles,
} from '../files/files.service.ts';
import { COMPANY_TEXTS as T } from './company.messages.ts';
import {
  type CompanyColumns,
  type CompanyRow,
  deleteCompanyDocuments,
  findCompanyDocuments,
  findCompanyForUpdate,
  insertDocuments,
  insertOwnedCompany,
  updateCompanyRow,
} from './company.queries.ts';

type CompanyForm = z.output<typeof companyFormFields>;

const IDENTITY: (keyof CompanyColumns)[] = [
  'kind',
  'name',
  'fullName',
  'inn',
  'kpp',
  'okved',
  'buyer',
  'seller',
];

/** The columns the form sets. Individuals and sole traders are named after the user when they give no name. */
function columnsOf(
  form: CompanyForm,
  auth: AuthContext,
  current: CompanyRow | null,
): Partial<CompanyColumns> {
  const kind = form.kind as CompanyKind;
  const person = `${auth.user.lastName ?? ''} ${auth.user.firstName ?? ''}`.trim();
  const name = form.name ?? (kind === 'self' ? `ИП ${person}` : person);
  const bank = form.bank_account ?? {};
  return {
    kind,
    name,
    fullName: form.full_name ?? name,
    address: form.address,
    currentAddress: form.current_address,
    inn: form.inn,
    kpp: form.kpp,
    okved: form.okved,
    managementName: form.management_name,
    managementPost: form.management_post,
    signerName: form.signer_name,
    signerPositionAndFio: form.signer_position_and_fio,
    passport: form.passport,
    phone: form.phone ? (normalizePhone(form.phone) ?? form.phone) : null,
    email: form.email ? normalizeEmail(form.email) : null,
    buyer: form.buyer ?? current?.buyer ?? true,
    seller: form.seller ?? current?.seller ?? false,
    agreement: true,
    bankAccount: bank.account ?? null,
    bankName: bank.bank ?? null,
    bik: bank.bik ?? null,
    bankInn: bank.bank_inn ?? null,
    correspondentAccount: bank.correspondent_account ?? null,
  };
}

const changedKeys = (current: CompanyRow, next: Partial<CompanyColumns>) =>
  (Object.keys(next) as (keyof CompanyColumns)[]).filter((k) => next[k] !== current[k as keyof CompanyRow]);

/** A stored document's name: the uploaded file's own name without a path, or a neutral one. */
function documentName(file: UploadedFile, extension: string): string {
  const base = (file.fileName.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}"]/gu, '').trim();
  return base.slice(-200) || `document.${extension}`;
}

export interface SaveCompanyInput {
  form: CompanyForm;
  logo: UploadedFile | undefined;
  /** New documents (the `file` of documents_attributes entries). */
  documents: UploadedFile[];
  /** Ids of documents_attributes entries marked _destroy. */
  destroyIds: number[];
}

export async function saveCompany(
  ctx: AppContext,
  auth: AuthContext,
  input: SaveCompanyInput,
): Promise<CompanyRow> {
  if (auth.company && !auth.owner) throw forbidden(T.ownerOnly);
  const missing: Record<string, string[]> = {};
  for (const [field, value] of [
    ['first_name', auth.user.firstName],
    ['last_name', auth.user.lastName],
  ] as const) {
    const message = validateName(value);
    if (message) missing[field] = [message];
  }
  if (Object.keys(missing).length) throw validationFailed(missing, T.namesRequired);

  const now = ctx.now();
  const logo = input.logo && {
    key: newFileKey('company_logos', auth.user.id, formatOf(input.logo, IMAGE_FORMATS, T.logoFormat)),
    bytes: input.logo.bytes,
  };
  const docs = input.documents.map((file) => {
    const format = formatOf(file, DOCUMENT_FORMATS, T.documentFormat);
    return { file, format, key: newFileKey('company_documents', auth.user.id, format) };
  });
  for (const doc of docs) {
    await assertSafeArchive(doc.file, doc.format, {
      broken: T.documentBroken,
      tooLarge: T.documentUnpackedTooLarge,
    });
  }
  const stored = [...(logo ? [logo] : []), ...docs.map((d) => ({ key: d.key, bytes: d.file.bytes }))];
  const dropped: (string | null)[] = [];

  const saved = await withStoredFiles(storageOf(ctx), stored, () =>
    ctx.db.transaction(async (tx) => {
      const current = auth.company ? await findCompanyForUpdate(tx, auth.company.id) : null;
      const columns = columnsOf(input.form, auth, current);
      if (logo) columns.logoKey = logo.key;
      else if (input.form.remove_logo) columns.logoKey = null;
      const changed = current ? changedKeys(current, columns) : [];
      const company =
        current ?? (await insertOwnedCompany(tx, auth.user.id, { ...columns, kind: columns.kind! }));

      const existing = await findCompanyDocuments(tx, company.id);
      const unknown = input.destroyIds.filter((id) => !existing.some((d) => d.id === id));
      if (unknown.length) throw validationFailed({ documents_attributes: [T.documentNotFound] });
      if (existing.length - input.destroyIds.length + docs.length > COMPANY_DOCUMENTS_MAX_COUNT) {
        throw validationFailed({ documents_attributes: [T.tooManyDocuments(COMPANY_DOCUMENTS_MAX_COUNT)] });
      }
      if (current && changed.length === 0 && docs.length === 0 && input.destroyIds.length === 0) {
        throw new AppError(422, 'validation_failed', T.unchanged);
      }
      dropped.push(...(await deleteCompanyDocuments(tx, company.id, input.destroyIds)));
      await insertDocuments(
        tx,
        docs.map((d) => ({
          companyId: company.id,
          uploadedByUserId: auth.user.id,
          kind: 'other' as const,
          name: documentName(d.file, d.format),
          extension: d.format,
          bytesSize: d.file.bytes.length,
          storageKey: d.key,
          createdAt: now,
        })),
      );
      if (current && changed.includes('logoKey')) dropped.push(current.logoKey);
      const suspend = changed.some((k) => IDENTITY.includes(k));
      const row = await updateCompanyRow(tx, company.id, {
        ...columns,
        accreditationStatus: 'pending',
        accreditationRequestedAt: now,
        accreditationNote: null,
        goodStanding: current && !suspend ? current.goodStanding : false,
        updatedAt: now,
      });
      await appendAudit(tx, {
        briefcaseId: null,
        action: 'company_accreditation_requested',
        actorUserId: auth.user.id,
        payload: { company_id: company.id, created: !current, changed, good_standing: row.goodStanding },
        at: now,
      });
      return row;
    }),
  );
  // A change of identity suspends the standing; a new company gives its owner a company: rights changed.
  await ctx.access.changed({ companies: [saved.id], users: [auth.user.id] });
  await dropFiles(storageOf(ctx), dropped);
  return saved;
}
