/**
 * The documents of a procedure's step 3 (spec 1 §3, §5, §7): uploaded one by one with the procedure's id, each
 * recognised by its content, at most 30 MB, the procedure's documents at most 100 MB together; archives are
 * inflated under limits in a file worker before they are kept. The kinds are chosen afterwards and saved with the
 * draft (documents_attributes). Who may: whoever may save the procedure (wizard.policy.ts canSave).
 */
import { randomBytes } from 'node:crypto';
import type { WizardDocument, WizardDocumentKind } from '@etp/contracts';
import {
  baseNameOf,
  DOCUMENT_UPLOAD_MESSAGES as D,
  DOCUMENT_KIND_LABELS,
  formatRefusal,
  isWizardDocumentKind,
  PROCEDURE_DOCUMENT_LIMITS,
  procedureDocumentFormat,
} from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { AppError, notFound, validationFailed } from '../../http/errors.ts';
import type { UploadedFile } from '../../http/form.ts';
import { enforce } from '../../http/verdict.ts';
import { storageOf } from '../../storage/storageOf.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { lockBriefcase } from '../briefcases/briefcases.queries.ts';
import { assertSafeArchive, dropFiles, withStoredFiles } from '../files/files.service.ts';
import { isAdministrator } from '../registries/registries.policy.ts';
import { requireManagedBriefcase } from '../registries/registries.service.ts';
import { WIZARD_DOCUMENT_TEXTS as T } from './wizard.messages.ts';
import { canSave } from './wizard.policy.ts';
import {
  deleteWizardDocument,
  findWizardDocument,
  insertWizardDocument,
  type WizardDocumentRow,
  wizardDocumentsBytes,
} from './wizardDocuments.queries.ts';

export function presentWizardDocument(row: WizardDocumentRow): WizardDocument {
  return {
    id: row.id,
    name: row.name,
    extension: row.extension,
    size: row.bytesSize,
    kind: isWizardDocumentKind(row.kind) ? row.kind : null,
  };
}

/** A file name as the documents list shows it: no control characters, no path, at most 200 characters. */
function cleanName(fileName: string): string {
  const base = baseNameOf(fileName.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 200);
  return base || 'Документ';
}

async function requireDocumentsEditable(ctx: AppContext, auth: AuthContext, briefcaseId: number) {
  const managed = await requireManagedBriefcase(ctx, auth, briefcaseId, { editable: false });
  enforce(canSave(isAdministrator(auth), managed, {}));
  return managed;
}

/** POST /api/v1/documents.json. */
export async function uploadWizardDocument(
  ctx: AppContext,
  auth: AuthContext,
  input: { briefcaseId: number; kind: WizardDocumentKind | undefined; file: UploadedFile | undefined },
): Promise<WizardDocument> {
  await requireDocumentsEditable(ctx, auth, input.briefcaseId);
  const { file } = input;
  if (!file) throw validationFailed({ file: [T.fileRequired] });
  const format = procedureDocumentFormat(file.bytes, file.fileName);
  if (!format) throw validationFailed({ file: [formatRefusal(file.fileName)] });
  await assertSafeArchive(file, format, { broken: T.broken, tooLarge: T.unpackedTooLarge });

  const key = `briefcase_documents/${input.briefcaseId}/${randomBytes(12).toString('hex')}.${format}`;
  const row = await withStoredFiles(storageOf(ctx), [{ key, bytes: file.bytes }], () =>
    ctx.db.transaction(async (tx) => {
      // The procedure's row is the lock: two uploads at once cannot both fit under the total.
      if (!(await lockBriefcase(tx, input.briefcaseId))) throw notFound();
      const held = await wizardDocumentsBytes(tx, input.briefcaseId);
      if (held + file.bytes.length > PROCEDURE_DOCUMENT_LIMITS.totalMaxBytes) {
        const message = D.totalTooLarge(PROCEDURE_DOCUMENT_LIMITS.totalMaxMb);
        throw new AppError(413, 'too_large', message, { file: [message] });
      }
      return insertWizardDocument(tx, {
        briefcaseId: input.briefcaseId,
        uploadedByUserId: auth.user.id,
        kind: input.kind ?? null,
        title: input.kind ? DOCUMENT_KIND_LABELS[input.kind] : null,
        name: cleanName(file.fileName),
        extension: format,
        bytesSize: file.bytes.length,
        storageKey: key,
      });
    }),
  );
  return presentWizardDocument(row);
}

/** DELETE /api/v1/documents/{id}: someone else's document is as missing as one that never was. */
export async function deleteWizardDocumentById(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<void> {
  const document = await findWizardDocument(ctx.db, id);
  if (!document?.briefcaseId) throw notFound(D.notFound);
  await requireDocumentsEditable(ctx, auth, document.briefcaseId);
  await deleteWizardDocument(ctx.db, id);
  await dropFiles(storageOf(ctx), [document.storageKey]);
}
