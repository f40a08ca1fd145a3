/**
 * The wizard's actions (spec 1 §2): each button's calls to the server and the reducer's actions for their answers.
 * A refused call puts its field errors beside their fields and its message beside the button; the first error
 * shown is scrolled into view (`frameRef` marks the form it is looked for in).
 */

import type { WizardDraft } from '@etp/contracts';
import { REGISTRY_MAX_BYTES, type WizardStep } from '@etp/domain';
import { useQueryClient } from '@tanstack/react-query';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import type { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { WIZARD_MESSAGES as T } from './messages.ts';
import {
  agreePersonalData,
  applyDraft,
  checkMatching,
  deleteBriefcase,
  loadDraft,
  saveDraft,
  skipPersonalData,
  uploadRegistry,
  wizardKeys,
} from './wizardApi.ts';
import { saveBodyOf } from './wizardForm.ts';
import { blockingErrors, type PrimaryButton } from './wizardRules.ts';
import type { Editing, WizardAction } from './wizardState.ts';

/** What the wizard's address carries from the page it was opened on, and over the move after the first upload. */
export interface WizardLocationState {
  from?: 'admin';
  uploadWarnings?: string[];
}

/** What the actions read and call: the wizard's state and the page's means (navigation, notices, cache). */
export interface WizardContext {
  state: Editing;
  dispatch: Dispatch<WizardAction>;
  id: number | null;
  isAdmin: boolean;
  fromAdmin: boolean;
  companyId: number | null;
  now: Date;
  onDraft: (draft: WizardDraft) => void;
  navigate: ReturnType<typeof useNavigate>;
  notify: (text: string, variant: 'success' | 'error' | 'info') => void;
  setConfirmDelete: (open: boolean) => void;
  setUploadWarnings: (warnings: string[]) => void;
}

const firstMessages = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([key, list]) => [key, list[0] ?? '']));

export function useWizardActions(props: WizardContext) {
  const { state, dispatch, id, isAdmin, now } = props;
  const queryClient = useQueryClient();
  const step = state.at.step;
  const options = { now, isAdmin };
  const briefcaseId = state.draft?.briefcase.id ?? null;
  // Errors just shown (the step's checks or the server's reply): the first is scrolled into view.
  const frameRef = useRef<HTMLDivElement>(null);
  const [shownErrors, setShownErrors] = useState(0);
  useEffect(() => {
    if (shownErrors === 0) return;
    const timer = setTimeout(() => revealFirstError(frameRef.current), 0);
    return () => clearTimeout(timer);
  }, [shownErrors]);
  const invalid = (errors: Record<string, string>) => {
    dispatch({ type: 'invalid', errors });
    setShownErrors((n) => n + 1);
  };

  const canGo = (target: WizardStep) => {
    if (target <= step) return true;
    if (target > 2 && !state.draft) return false;
    for (let s = 1 as WizardStep; s < target; s = (s + 1) as WizardStep)
      if (Object.keys(blockingErrors(state, s, options)).length > 0) return false;
    return true;
  };

  /**
   * A refused call: the reply's field errors go beside their fields (spec 1 §5), its message beside the button
   * that was pressed; the first of them is scrolled into view.
   */
  const failWith = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.errors).length > 0)
      dispatch({ type: 'invalid', errors: firstMessages(error.errors) });
    dispatch({ type: 'failed', message: error instanceof ApiError ? error.message : String(error) });
    setShownErrors((n) => n + 1);
  };

  const save = async (body: Record<string, unknown>) => {
    const draft = await saveDraft(briefcaseId!, body);
    props.onDraft(draft);
    return draft;
  };

  const next = async () => {
    const errors = blockingErrors(state, step, options);
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (step === 1 && !state.draft) return dispatch({ type: 'goTo', step: 2 });
    if (!briefcaseId) return invalid({ source: T.fileHint });
    dispatch({ type: 'saving' });
    try {
      const draft = await save(saveBodyOf(state.form, step, isAdmin));
      dispatch({ type: 'saved', draft, step: Math.min(4, step + 1) as WizardStep, saved: step });
      window.scrollTo({ top: 0 });
    } catch (error) {
      failWith(error);
    }
  };

  const apply = async () => {
    const errors = blockingErrors(state, 4, options);
    if (Object.keys(errors).length > 0) return invalid(errors);
    if (!briefcaseId) return;
    dispatch({ type: 'saving' });
    try {
      await save(saveBodyOf(state.form, 4, isAdmin));
      const reply = await applyDraft(briefcaseId);
      props.notify(reply.message ?? T.submittedTitle, 'success');
      dispatch({ type: 'applied', id: briefcaseId, message: reply.message ?? T.submittedTitle });
      props.navigate(`/briefcases/${briefcaseId}`);
    } catch (error) {
      failWith(error);
    }
  };

  const saveChanges = async () => {
    if (!briefcaseId) return;
    dispatch({ type: 'saving' });
    try {
      const draft = await save(saveBodyOf(state.form, step, isAdmin));
      dispatch({ type: 'saved', draft, step, saved: step });
      props.notify('Изменения сохранены', 'success');
      props.navigate('/admin/briefcases');
    } catch (error) {
      failWith(error);
    }
  };

  const onFile = async (file: File) => {
    if (!/\.xlsx$/i.test(file.name)) {
      dispatch({ type: 'uploadStarted', fileName: file.name });
      return dispatch({ type: 'uploadFailed', message: T.wrongFormat, errors: [], reportId: null });
    }
    if (file.size > REGISTRY_MAX_BYTES) {
      dispatch({ type: 'uploadStarted', fileName: file.name });
      return dispatch({ type: 'uploadFailed', message: T.tooLarge, errors: [], reportId: null });
    }
    if (props.companyId === null) {
      dispatch({ type: 'goTo', step: 1 });
      return dispatch({ type: 'invalid', errors: { company_id: 'Должно быть заполнено' } });
    }
    dispatch({ type: 'uploadStarted', fileName: file.name });
    props.setUploadWarnings([]);
    try {
      const outcome = await uploadRegistry({
        file,
        auctionType: state.form.auction_type,
        companyId: props.companyId,
        briefcaseId,
        onProgress: (percent) => dispatch({ type: 'uploadProgress', percent }),
      });
      const warnings = outcome.kind === 'refused' ? outcome.warnings : outcome.data.warnings;
      props.setUploadWarnings(warnings);
      if (outcome.kind === 'refused')
        return dispatch({
          type: 'uploadFailed',
          message: outcome.message,
          errors: outcome.errors,
          reportId: outcome.reportId,
        });
      const createdId = outcome.data.briefcase_id!;
      const draft = await loadDraft(createdId);
      props.onDraft(draft);
      if (createdId !== id) {
        // The wizard re-opens on the procedure's own address; the draft is already cached.
        props.navigate(`/briefcases/new/${createdId}`, {
          replace: true,
          state: {
            ...(props.fromAdmin ? { from: 'admin' } : {}),
            uploadWarnings: warnings,
          } satisfies WizardLocationState,
        });
        return;
      }
      if (outcome.kind === 'personalData')
        dispatch({ type: 'uploadPersonalData', draft, findings: outcome.findings });
      else dispatch({ type: 'uploadDone', draft, mismatch: outcome.data.excel_custom });
    } catch (error) {
      dispatch({
        type: 'uploadFailed',
        message: error instanceof ApiError ? error.message : T.processingFailed,
        errors: [],
        reportId: null,
      });
    }
  };

  /** 'Проверить': the kept custom file is checked and stored with the seller's matching, then lotted. */
  const check = async () => {
    const upload = state.at.step === 2 ? state.at.upload : null;
    if (!briefcaseId || upload?.kind !== 'mismatch' || !upload.map) return;
    dispatch({ type: 'checkStarted' });
    try {
      const outcome = await checkMatching(briefcaseId, upload.map, (percent) =>
        dispatch({ type: 'checkProgress', percent }),
      );
      // The notes are those of this read of the file with the seller's matching: a note that the platform
      // template's headers were not found no longer applies once the columns are matched.
      props.setUploadWarnings(outcome.kind === 'refused' ? outcome.warnings : outcome.data.warnings);
      // The saved matching changed: a reopened table must start from it.
      void queryClient.invalidateQueries({ queryKey: wizardKeys.remaped(briefcaseId) });
      if (outcome.kind === 'refused') {
        // spec 1 §8: a matching failure shows a notice carrying the server's message.
        props.notify(outcome.message, 'error');
        return dispatch({
          type: 'checkFailed',
          failure: { message: outcome.message, errors: outcome.errors, reportId: outcome.reportId },
        });
      }
      const draft = await loadDraft(briefcaseId);
      props.onDraft(draft);
      if (outcome.kind === 'personalData')
        return dispatch({ type: 'uploadPersonalData', draft, findings: outcome.findings });
      props.notify(outcome.message, 'success');
      dispatch({ type: 'uploadDone', draft, mismatch: false });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : T.processingFailed;
      props.notify(message, 'error');
      dispatch({ type: 'checkFailed', failure: { message, errors: [], reportId: null } });
    }
  };

  const resolvePersonalData = async (call: (id: number) => Promise<unknown>) => {
    if (!briefcaseId) return;
    dispatch({ type: 'saving' });
    try {
      await call(briefcaseId);
      const draft = await loadDraft(briefcaseId);
      props.onDraft(draft);
      dispatch({ type: 'uploadDone', draft, mismatch: false });
      dispatch({ type: 'saved', draft, step: 2 });
    } catch (error) {
      failWith(error);
    }
  };

  const remove = async () => {
    if (!briefcaseId) return;
    try {
      await deleteBriefcase(briefcaseId);
      props.setConfirmDelete(false);
      props.notify(T.deleted, 'success');
      props.navigate(props.fromAdmin ? '/admin/briefcases' : '/briefcases');
    } catch (error) {
      failWith(error);
    }
  };

  const onMatchingLoaded = useCallback(
    (map: (string | null)[]) => dispatch({ type: 'matchingLoaded', map }),
    [dispatch],
  );

  /** The primary button's press (its action as `primaryButton` chose it). */
  const primary = (action: PrimaryButton['action']) => {
    switch (action) {
      case 'next':
        return void next();
      case 'check':
        return void check();
      case 'apply':
        return void apply();
      case 'saveChanges':
        return void saveChanges();
      case 'none':
        return;
    }
  };

  return {
    frameRef,
    canGo,
    primary,
    onFile: (file: File) => void onFile(file),
    agree: () => void resolvePersonalData(agreePersonalData),
    skip: () => void resolvePersonalData(skipPersonalData),
    remove: () => void remove(),
    onMatchingLoaded,
  };
}

/** Scrolls the first field in error (else the message beside the button) to the middle of the screen. */
function revealFirstError(frame: HTMLElement | null) {
  // The stepper's labels of steps in error are not fields.
  const field = [...(frame?.querySelectorAll<HTMLElement>('.Mui-error') ?? [])].find(
    (element) => !element.closest('.MuiStepper-root'),
  );
  const first =
    field?.closest<HTMLElement>('.MuiFormControl-root') ??
    field ??
    frame?.querySelector<HTMLElement>('[data-testid="wizard-failure"]');
  first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
