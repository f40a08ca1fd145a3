/**
 * The wizard's state and actions (DESIGN §6b): the procedure draft saved on the server, the form being edited, and
 * the step the user is on. Only step 2 can hold an upload, so a progress bar on step 3 cannot be written down.
 * `wizardMachine.ts` decides where each action leads.
 */
import type { PersonalDataFinding, WizardDraft, WizardDraftLot } from '@etp/contracts';
import type { AuctionType, DraftErrors, WizardStep } from '@etp/domain';
import type { WizardForm } from './wizardForm.ts';

export type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; fileName: string; percent: number }
  | { kind: 'failed'; fileName: string; message: string; errors: string[]; reportId: string | null }
  | { kind: 'personalData'; fileName: string; findings: PersonalDataFinding[] }
  | {
      /** A custom template waiting for its column matching (spec 1 §2): the map is null until its preview loads. */
      kind: 'mismatch';
      fileName: string;
      map: (string | null)[] | null;
      /** 'Проверить' is running: the server's processing percent. */
      checking: number | null;
      /** The last check's refusal (rows with errors, an unmatched required column...). */
      failure: MatchingFailure | null;
      /** Opened again over a stored registry ('Изменить сопоставление'): it stays stored until checked again. */
      reopened?: boolean;
    }
  | { kind: 'done'; fileName: string };

export interface MatchingFailure {
  message: string;
  errors: string[];
  reportId: string | null;
}

export type StepState = { step: 1 } | { step: 2; upload: UploadState } | { step: 3 } | { step: 4 };

export type WizardState =
  | { phase: 'loading' }
  | {
      phase: 'editing';
      at: StepState;
      /** The server's draft; null until the registry upload creates the procedure. */
      draft: WizardDraft | null;
      form: WizardForm;
      errors: DraftErrors;
      /** Steps the user has been on (a visited incomplete step is "in progress"). */
      visited: readonly WizardStep[];
      saving: boolean;
      /** A failed call's message (the unhandled-error state). */
      failure: string | null;
    }
  | { phase: 'submitted'; id: number; message: string };

export type WizardAction =
  | { type: 'start'; auctionType?: AuctionType }
  | { type: 'loaded'; draft: WizardDraft; step?: WizardStep }
  | { type: 'chooseType'; auctionType: AuctionType }
  | { type: 'edit'; patch: Partial<WizardForm> }
  | { type: 'goTo'; step: WizardStep }
  | { type: 'invalid'; errors: DraftErrors }
  | { type: 'saving' }
  /**
   * A save answered: `saved` is the step whose fields were sent (their values now come from the server); edits
   * of other steps not yet saved stay on screen. Absent: nothing of the form was sent.
   */
  | { type: 'saved'; draft: WizardDraft; step: WizardStep; saved?: WizardStep }
  | { type: 'failed'; message: string }
  | { type: 'uploadStarted'; fileName: string }
  | { type: 'uploadProgress'; percent: number }
  | { type: 'uploadFailed'; message: string; errors: string[]; reportId: string | null }
  | { type: 'uploadPersonalData'; draft: WizardDraft | null; findings: PersonalDataFinding[] }
  | { type: 'uploadDone'; draft: WizardDraft; mismatch: boolean }
  | { type: 'registryRemoved' }
  | { type: 'matchingLoaded'; map: (string | null)[] }
  /** A stored custom registry's matching opened again to change a match (spec 1 §2), or closed unchanged. */
  | { type: 'matchingReopened' }
  | { type: 'matchingClosed' }
  | { type: 'matchColumn'; index: number; value: string | null }
  | { type: 'checkStarted' }
  | { type: 'checkProgress'; percent: number }
  | { type: 'checkFailed'; failure: MatchingFailure }
  | { type: 'lotsChanged'; lots: WizardDraftLot[] }
  | { type: 'applied'; id: number; message: string };

export type Editing = Extract<WizardState, { phase: 'editing' }>;

/** The upload of step 2 (idle on the other steps). */
export function uploadOf(state: Editing): UploadState {
  return state.at.step === 2 ? state.at.upload : { kind: 'idle' };
}
