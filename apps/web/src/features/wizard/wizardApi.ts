/**
 * The wizard's calls (spec 1 §7). The registry upload goes through XMLHttpRequest, the one browser API that
 * reports upload progress: the transfer fills 0–80 %, then the server's own processing progress
 * (GET /api/v1/registry_uploads/{upload_id}, decisions/0045) fills the rest up to 99 %.
 */
import type {
  BriefcaseSaveRequest,
  Envelope,
  PersonalDataFinding,
  RegistryUploadData,
  RelotingBody,
  WizardDocument,
} from '@etp/contracts';
import { DOCUMENT_UPLOAD_MESSAGES } from '@etp/domain';
import { ApiError } from '../../api/ApiError.ts';
import { call, callEnvelope, pathOf } from '../../api/call.ts';
import { OPERATIONS } from '../../api/operations.ts';
import { tokenStore } from '../../api/tokenStore.ts';

export const TEMPLATE_URL = pathOf(OPERATIONS.downloadRegistryTemplate);
const PROGRESS_POLL_MS = 500;
/** Server percent points the bar creeps per poll while the server reports no change, and at most in all. */
const CREEP_STEP = 0.6;
const CREEP_AHEAD = 5;

export const wizardKeys = {
  draft: (id: number) => ['wizard', 'draft', id] as const,
  relotingInfo: (id: number) => ['wizard', 'reloting-info', id] as const,
  remaped: (id: number) => ['wizard', 'remaped', id] as const,
  dictionaries: ['wizard', 'dictionaries'] as const,
};

export const loadDraft = (id: number, signal?: AbortSignal) =>
  call(OPERATIONS.getBriefcaseDraft, { params: { id }, signal });

/** The wizard machine gathers a step's fields by name; the server checks them against briefcaseSaveRequest. */
export const saveDraft = (id: number, body: Record<string, unknown>) =>
  call(OPERATIONS.saveBriefcaseDraft, { params: { id }, body: body as BriefcaseSaveRequest });

export const applyDraft = (id: number) => callEnvelope(OPERATIONS.applyBriefcase, { params: { id } });

export const deleteBriefcase = (id: number) => call(OPERATIONS.deleteBriefcase, { params: { id } });

export const loadDictionaries = () =>
  call(OPERATIONS.getDictionaries, { query: { keys: 'activities,source_kinds,source_debtor_types' } });

export const loadRelotingInfo = (id: number) => call(OPERATIONS.getRelotingInfo, { params: { id } });

export const reloting = (
  id: number,
  params: { loting_type: string; sort_type: string; price: number | null },
) =>
  call(OPERATIONS.relotBriefcase, {
    params: { id },
    // The panel's choices are values of the lotting lists (LOTTING_TYPES, LOTTING_SORT_TYPES).
    body: { loting_params: params as RelotingBody['loting_params'] },
  });

export const agreePersonalData = (id: number) => call(OPERATIONS.agreePersonalData, { params: { id } });

export const skipPersonalData = (id: number) => call(OPERATIONS.skipValidation, { params: { id } });

export const sendPersonalDataLog = (id: number, email: string) =>
  callEnvelope(OPERATIONS.sendPersonalDataLog, { params: { id }, body: { email } });

export const requestHelp = (id: number, contact: string) =>
  callEnvelope(OPERATIONS.requestRegistryHelp, { params: { id }, body: { contact } });

export interface Organiser {
  id: number;
  company_name: string;
  error: string | null;
}

export async function searchOrganisers(name: string, signal?: AbortSignal): Promise<Organiser[]> {
  const data = await call(OPERATIONS.searchOrganisers, { query: { company_name: name }, signal });
  return data.companies.data.map((c) => ({ id: c.id, ...c.attributes }));
}

/** Saves a file the server serves only to its owner (the check report, the lotted portfolio). */
export { downloadFile } from '../../api/downloadFile.ts';

export type UploadOutcome =
  | { kind: 'ok'; data: RegistryUploadData; message: string }
  | { kind: 'personalData'; data: RegistryUploadData; findings: PersonalDataFinding[] }
  | {
      kind: 'refused';
      message: string;
      errors: string[];
      reportId: string | null;
      briefcaseId: number | null;
      warnings: string[];
    };

export interface UploadInput {
  file: File;
  auctionType: string;
  companyId: number;
  /** Replace the registry of this procedure instead of creating one. */
  briefcaseId: number | null;
  onProgress: (percent: number) => void;
}

/** Transfer (0–1) → 0–80 %; the server's processing (0–100) → 80–99 %. */
const transferPercent = (loaded: number, total: number) => (total > 0 ? (loaded / total) * 80 : 0);
const processingPercent = (serverPercent: number) => Math.min(99, 80 + (serverPercent / 100) * 19);

/**
 * Polls the server's processing progress of an upload or a matching check (decision 0045) every 500 ms. The bar
 * moves on the clock, not on the answers: while the server stores a million rows its answers to the poll can
 * take over a second, and a bar that waited for them stood still (bench/wizard-upload, decisions/0202). One
 * request at a time is in flight; its figure is taken when it comes.
 */
export function progressPoller(uploadId: string, onPercent: (serverPercent: number) => void) {
  let polling: ReturnType<typeof setInterval> | null = null;
  let asking = false;
  let reported = 0;
  let shown = 0;
  const ask = () => {
    if (asking) return;
    asking = true;
    call(OPERATIONS.getUploadProgress, { params: { upload_id: uploadId } })
      .then(
        (progress) => {
          reported = Math.max(reported, progress.percent);
        },
        () => {
          // Not started yet or already finished: the next poll or the reply decides.
        },
      )
      .finally(() => {
        asking = false;
      });
  };
  return {
    start() {
      if (polling) return;
      polling = setInterval(() => {
        ask();
        // spec 1 §4: the bar creeps while the server works. A phase without progress of its own (storing the
        // rows, lotting) still moves the bar a little on every poll, never more than CREEP_AHEAD past the
        // server's own figure.
        shown = Math.min(reported + CREEP_AHEAD, Math.max(reported, shown + CREEP_STEP));
        onPercent(shown);
      }, PROGRESS_POLL_MS);
    },
    stop() {
      if (polling) clearInterval(polling);
      polling = null;
    },
  };
}

/** An upload or matching reply (ok, personal data, or refused with errors and a check report) as an outcome. */
function outcomeOf(status: number, body: Envelope<RegistryUploadData> | null): UploadOutcome {
  const data = body?.data ?? null;
  if (status === 200 && body?.status === 'ok' && data)
    return { kind: 'ok', data, message: body.message ?? '' };
  if (data?.personal_data_found) return { kind: 'personalData', data, findings: data.personal_data };
  const message = body?.message ?? 'Ошибка обработки файла';
  const errors = Object.values(body?.errors ?? {})
    .flat()
    .filter((error) => error !== message);
  return {
    kind: 'refused',
    message,
    errors,
    reportId: data?.report_id ?? (body as { report_id?: string } | null)?.report_id ?? null,
    briefcaseId: data?.briefcase_id ?? null,
    warnings: data?.warnings ?? [],
  };
}

/** The column matching of a kept custom file (spec 1 §7 GET …/remaped_registry). */
export const loadRemapedRegistry = (id: number, signal?: AbortSignal) =>
  call(OPERATIONS.getRemapedRegistry, { params: { id }, signal });

/**
 * 'Проверить' (PUT /api/v1/briefcases/{id}/map_registry): the whole kept file is checked and stored with the
 * seller's matching. Its processing progress (0–100) is polled like an upload's; the reply is an upload reply.
 */
export async function checkMatching(
  id: number,
  map: readonly (string | null)[],
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  await call(OPERATIONS.getUser);
  const uploadId = crypto.randomUUID();
  const poller = progressPoller(uploadId, (percent) => onProgress(Math.min(99, percent)));
  poller.start();
  try {
    const token = tokenStore.get()?.token;
    let response: Response;
    try {
      response = await fetch(pathOf(OPERATIONS.mapRegistry, { id }), {
        method: OPERATIONS.mapRegistry.method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({
          source_map: Object.fromEntries(map.map((value, index) => [String(index), value])),
          upload_id: uploadId,
        }),
      });
    } catch {
      throw new ApiError(0, 'network', 'Нет связи с сервером');
    }
    const body = (await response.json().catch(() => null)) as Envelope<RegistryUploadData> | null;
    return outcomeOf(response.status, body);
  } finally {
    poller.stop();
  }
}

export async function uploadRegistry(input: UploadInput): Promise<UploadOutcome> {
  // A call that renews an expiring token before the long upload (the XHR cannot retry after a 401).
  await call(OPERATIONS.getUser);
  const uploadId = crypto.randomUUID();
  const form = new FormData();
  if (input.briefcaseId === null) form.append('company_id', String(input.companyId));
  form.append('auction_type', input.auctionType);
  form.append('upload_id', uploadId);
  form.append('source', input.file, input.file.name);
  const url =
    input.briefcaseId === null
      ? pathOf(OPERATIONS.createBriefcase)
      : pathOf(OPERATIONS.replaceRegistry, { id: input.briefcaseId });

  const { start: startPolling, stop: stopPolling } = progressPoller(uploadId, (percent) =>
    input.onProgress(processingPercent(percent)),
  );

  try {
    const { status, body } = await new Promise<{ status: number; body: Envelope<RegistryUploadData> | null }>(
      (resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(OPERATIONS.createBriefcase.method, url);
        const token = tokenStore.get()?.token;
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.setRequestHeader('Accept', 'application/json');
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) input.onProgress(transferPercent(event.loaded, event.total));
        };
        xhr.upload.onload = () => {
          input.onProgress(80);
          startPolling();
        };
        xhr.onload = () => {
          let parsed: Envelope<RegistryUploadData> | null = null;
          try {
            parsed = JSON.parse(xhr.responseText) as Envelope<RegistryUploadData>;
          } catch {
            parsed = null;
          }
          resolve({ status: xhr.status, body: parsed });
        };
        xhr.onerror = () => reject(new ApiError(0, 'network', 'Нет связи с сервером'));
        xhr.send(form);
      },
    );
    return outcomeOf(status, body);
  } finally {
    stopPolling();
  }
}

export interface ParticipantSuggestion {
  id: number;
  full_name: string;
  inn: string | null;
  kind_name: string;
  error: string | null;
}

export async function searchParticipants(
  text: string,
  signal?: AbortSignal,
): Promise<ParticipantSuggestion[]> {
  // spec 1 §7: the participant suggestions' call (GET /companies/typeahead.json is only the default path).
  const data = await call(OPERATIONS.searchCompanies, { query: { full_name: text }, signal });
  return data.map((c) => ({ id: c.id, ...c.attributes }));
}

export type CompanyListName = 'whitelist' | 'blacklist';

/** The "previously chosen" companies of the procedure's seller for one list. */
export const loadListHistory = (briefcaseId: number, list: CompanyListName, signal?: AbortSignal) =>
  call(OPERATIONS.listCompanyHistory, { params: { id: briefcaseId, list }, signal });

/** Removes a company from that history; the reply is what remains. */
export const removeFromHistory = (briefcaseId: number, list: CompanyListName, companyId: number) =>
  call(list === 'whitelist' ? OPERATIONS.removeFromWhitelistHistory : OPERATIONS.removeFromBlacklistHistory, {
    params: { id: briefcaseId },
    body: { company_id: companyId },
  });

export const deleteDocument = (id: number) => call(OPERATIONS.deleteWizardDocument, { params: { id } });

export type DocumentUploadOutcome =
  | { kind: 'ok'; document: WizardDocument }
  | { kind: 'refused'; message: string };

/**
 * POST /api/v1/documents.json through XMLHttpRequest for its progress (spec 1 §3 Document: state and percent).
 * A refusal carries the server's text for the file ('Формат файла … не поддерживается', the size limits).
 */
export async function uploadDocument(
  briefcaseId: number,
  file: File,
  onProgress: (percent: number) => void,
): Promise<DocumentUploadOutcome> {
  await call(OPERATIONS.getUser);
  const form = new FormData();
  form.append('briefcase_id', String(briefcaseId));
  form.append('file', file, file.name);
  const { status, body } = await new Promise<{ status: number; body: Envelope<WizardDocument> | null }>(
    (resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open(OPERATIONS.uploadWizardDocument.method, pathOf(OPERATIONS.uploadWizardDocument));
      const token = tokenStore.get()?.token;
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
      };
      xhr.onload = () => {
        try {
          resolve({ status: xhr.status, body: JSON.parse(xhr.responseText) as Envelope<WizardDocument> });
        } catch {
          resolve({ status: xhr.status, body: null });
        }
      };
      xhr.onerror = () => resolve({ status: 0, body: null });
      xhr.send(form);
    },
  );
  if (status === 200 && body?.status === 'ok' && body.data) return { kind: 'ok', document: body.data };
  const fieldError = Object.values(body?.errors ?? {}).flat()[0];
  return { kind: 'refused', message: fieldError ?? body?.message ?? DOCUMENT_UPLOAD_MESSAGES.uploadFailed };
}
