/**
 * The personal-data flow (spec 1 §2 dialogs, §4; docs/decisions/0049): the decision to ingest the registry despite
 * personal data (its columns dropped), the check's log sent to an e-mail, and the seller's request for help, stored
 * and sent to support. The e-mails go through the Notifier's outbox.
 */
import { PERSONAL_DATA_LABELS, type PersonalDataKind } from '@etp/domain';
import type { AppContext } from '../../appContext.ts';
import { AppError, validationFailed } from '../../http/errors.ts';
import type { AuthContext } from '../auth/guards/routeGuards.ts';
import { sourceMapArray } from './matching.service.ts';
import { REGISTRY_MESSAGES as M } from './registries.messages.ts';
import { insertHelpRequest, updateBriefcaseFlags } from './registries.queries.ts';
import type { RegistryBriefcase } from './registries.service.ts';
import type { UploadResult } from './upload/answer.ts';
import { keptRegistryPath } from './upload/keptFiles.ts';
import { runUpload } from './upload/runUpload.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The log: which column holds what kind of personal data, how many cells, the first rows. Never the values. */
function personalDataLog(briefcase: RegistryBriefcase): string {
  const findings = briefcase.personalDataFindings ?? [];
  const lines = findings.map(
    (f) =>
      `Столбец ${f.column} «${f.header}»: ${PERSONAL_DATA_LABELS[f.kind as PersonalDataKind] ?? f.kind}, ` +
      `ячеек: ${f.count}, первые строки: ${f.rows.join(', ')}`,
  );
  return [
    `Результат проверки реестра ТП №${briefcase.id}${briefcase.registryFileName ? ` (${briefcase.registryFileName})` : ''}.`,
    findings.length > 0 ? M.personalData : M.noPersonalData,
    ...lines,
  ].join('\n');
}

export async function sendPersonalDataLog(ctx: AppContext, briefcase: RegistryBriefcase, email: string) {
  if (email === '') throw validationFailed({ email: [M.emailEmpty] });
  if (!EMAIL.test(email)) throw validationFailed({ email: [M.emailInvalid] });
  if (!briefcase.personalDataFound) throw new AppError(409, 'conflict', M.noPersonalData);
  await ctx.notifier.email(email, M.validationLogSubject, personalDataLog(briefcase));
}

export async function requestHelp(
  ctx: AppContext,
  auth: AuthContext,
  briefcase: RegistryBriefcase,
  contact: string,
) {
  if (contact === '') throw validationFailed({ contact: [M.contactEmpty] });
  const request = await insertHelpRequest(ctx.db, {
    briefcaseId: briefcase.id,
    userId: auth.user.id,
    contact,
  });
  await ctx.notifier.email(
    ctx.config.supportEmail,
    M.helpRequestSubject,
    [
      `ТП №${briefcase.id}: продавцу нужна помощь с реестром (${M.personalData.toLowerCase()}).`,
      `Контакт: ${contact}`,
      `Пользователь: ${auth.user.email ?? auth.user.id}`,
      personalDataLog(briefcase),
    ].join('\n'),
  );
  return request;
}

/**
 * The personal-data decision (skip_validation and custom_skip_validation by an administrator,
 * personal_data_agree by the owner): the kept file is ingested with the columns holding personal data dropped.
 */
export async function ingestDespitePersonalData(
  ctx: AppContext,
  auth: AuthContext,
  briefcase: RegistryBriefcase,
  flag: 'personalDataSkipped' | 'personalDataAgreement',
): Promise<UploadResult> {
  if (!briefcase.registryKey || !briefcase.personalDataFound)
    throw new AppError(409, 'conflict', M.noPersonalData);
  const dropColumns = [...new Set((briefcase.personalDataFindings ?? []).map((f) => f.columnIndex))];
  const map = briefcase.excelCustom && briefcase.sourceMap ? sourceMapArray(briefcase.sourceMap) : undefined;
  const result = await runUpload(ctx, {
    auth,
    companyId: briefcase.companyId,
    filePath: keptRegistryPath(ctx, briefcase.registryKey),
    fileName: briefcase.registryFileName,
    uploadId: null,
    target: { briefcaseId: briefcase.id },
    map,
    allowPersonalData: true,
    dropColumns,
    keptKey: briefcase.registryKey,
  });
  await updateBriefcaseFlags(ctx.db, briefcase.id, { [flag]: true });
  return result;
}
