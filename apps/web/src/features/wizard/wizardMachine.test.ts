import { describe, expect, it } from 'vitest';
import { buildWizardDraft } from '../../test/factories.ts';
import { EMPTY_FORM, saveBodyOf } from './wizardForm.ts';
import { wizardReducer } from './wizardMachine.ts';
import { blockingErrors, primaryButton, stepStatus } from './wizardRules.ts';
import type { WizardState } from './wizardState.ts';

type Editing = Extract<WizardState, { phase: 'editing' }>;

const now = new Date('2026-11-25T12:00:00+03:00');
const options = { now, isAdmin: false };

const draft = buildWizardDraft;

const started = () => wizardReducer({ phase: 'loading' }, { type: 'start' }) as Editing;
const loaded = (d = draft(), step?: 1 | 2 | 3 | 4) =>
  wizardReducer({ phase: 'loading' }, { type: 'loaded', draft: d, step }) as Editing;

describe('wizard reducer', () => {
  it('a new wizard starts on step 1 with classic chosen and nothing on the server', () => {
    const state = started();
    expect(state.at).toEqual({ step: 1 });
    expect(state.draft).toBeNull();
    expect(primaryButton(state, false).text).toBe('Далее');
  });

  it('a restored draft opens on the server’s resume step with the file shown as uploaded', () => {
    const state = loaded(draft({}, 3));
    expect(state.at).toEqual({ step: 3 });
    const onTwo = loaded(draft({}, 2));
    expect(onTwo.at).toEqual({ step: 2, upload: { kind: 'done', fileName: 'реестр.xlsx' } });
  });

  it('a draft whose payment type was never saved shows the default, «За счёт покупателя»', () => {
    expect(loaded(draft({ kind: null }, 3)).form.kind).toBe('agent');
    expect(loaded(draft({ kind: 'standard' }, 3)).form.kind).toBe('standard');
  });

  it('a draft with unresolved personal data reopens the warning', () => {
    const finding = {
      column: 'C',
      columnIndex: 2,
      header: 'ФИО',
      kind: 'full_name',
      count: 3,
      rows: [2, 3, 4],
    };
    const state = loaded(draft({ personal_data_found: true, has_registry: false, personal_data: [finding] }));
    expect(state.at).toEqual({
      step: 2,
      upload: { kind: 'personalData', fileName: 'реестр.xlsx', findings: [finding] },
    });
    expect(blockingErrors(state, 2, options).personal_data).toBe('Подозрение на наличие персональных данных');
  });

  it('progress only moves forward and stops at 99 until the reply', () => {
    let state: WizardState = wizardReducer(started(), { type: 'goTo', step: 2 });
    state = wizardReducer(state, { type: 'uploadStarted', fileName: 'r.xlsx' });
    state = wizardReducer(state, { type: 'uploadProgress', percent: 60 });
    state = wizardReducer(state, { type: 'uploadProgress', percent: 40 });
    expect((state as Editing).at).toEqual({
      step: 2,
      upload: { kind: 'uploading', fileName: 'r.xlsx', percent: 60 },
    });
    state = wizardReducer(state, { type: 'uploadProgress', percent: 120 });
    expect(((state as Editing).at as { upload: { percent: number } }).upload.percent).toBe(99);
    expect(primaryButton(state as Editing, false).disabled).toBe(true);
  });

  it('a refused file keeps its message, errors and report id', () => {
    let state: WizardState = wizardReducer(started(), { type: 'goTo', step: 2 });
    state = wizardReducer(state, { type: 'uploadStarted', fileName: 'r.xlsx' });
    state = wizardReducer(state, {
      type: 'uploadFailed',
      message: 'Ошибка обработки файла',
      errors: ['Строка 2, столбец B: …'],
      reportId: 'abc',
    });
    expect((state as Editing).at).toMatchObject({ step: 2, upload: { kind: 'failed', reportId: 'abc' } });
  });

  it('leaving step 2 forgets the upload state: no progress can exist on step 3', () => {
    let state: WizardState = loaded();
    state = wizardReducer(state, { type: 'goTo', step: 3 });
    expect((state as Editing).at).toEqual({ step: 3 });
  });

  it('step 2 blocks without the four classifiers; filling them clears the field errors', () => {
    let state: WizardState = loaded();
    const errors = blockingErrors(state as Editing, 2, options);
    expect(Object.keys(errors).sort()).toEqual([
      'activity',
      'liability',
      'source_debtor_type',
      'source_kind',
    ]);
    state = wizardReducer(state, { type: 'invalid', errors });
    expect(stepStatus(state as Editing, 2, options)).toBe('error');
    state = wizardReducer(state, { type: 'edit', patch: { activity: 'banking', liability: 'unsecured' } });
    expect(Object.keys((state as Editing).errors).sort()).toEqual(['source_debtor_type', 'source_kind']);
  });

  it('bank_to_bank fixes the source kind and percent basis; classic clears the end', () => {
    let state: WizardState = started();
    state = wizardReducer(state, { type: 'edit', patch: { end_datetime: '2026-12-01T10:00:00.000Z' } });
    state = wizardReducer(state, { type: 'chooseType', auctionType: 'bank_to_bank' });
    expect((state as Editing).form).toMatchObject({
      source_kind: 'active_loan',
      percent_mode: 'amount_total_debt',
    });
    state = wizardReducer(state, { type: 'chooseType', auctionType: 'classic' });
    expect((state as Editing).form.end_datetime).toBeNull();
  });

  it('statuses: editing, filled, in progress, required', () => {
    const state = loaded(
      draft({ activity: 'banking', source_kind: 'x', source_debtor_type: 'y', liability: 'secured' }),
      3,
    );
    expect(stepStatus(state, 3, options)).toBe('editing');
    expect(stepStatus(state, 1, options)).toBe('filled');
    expect(stepStatus(state, 2, options)).toBe('filled');
    expect(stepStatus(state, 4, options)).toBe('filled');
    const fresh = started();
    expect(stepStatus(fresh, 2, options)).toBe('required');
  });

  it('the primary button: send on step 4; save for an administrator on ready; locked for the seller', () => {
    expect(primaryButton(loaded(draft({}, 4)), false)).toMatchObject({
      text: 'Отправить на согласование',
      action: 'apply',
    });
    const ready = loaded(draft({ briefcase_state: 'ready' }, 4));
    expect(primaryButton(ready, true)).toMatchObject({ text: 'Сохранить изменения', disabled: false });
    expect(primaryButton(ready, false)).toMatchObject({
      text: 'Процедура уже согласована, невозможно изменить',
      disabled: true,
    });
  });

  it('step 3 saves its settings; per-lot steps only with the switch; round TTL only for administrators', () => {
    const form = { ...EMPTY_FORM, custom_steps: true, lots_step_price: { '1': 500_00 } };
    expect(saveBodyOf(form, 3, false)).toMatchObject({ lots_step_price: { '1': 500_00 } });
    expect(saveBodyOf(form, 3, false)).not.toHaveProperty('round_request_ttl');
    expect(saveBodyOf(form, 3, true)).toHaveProperty('round_request_ttl', 86_400_000);
    expect(saveBodyOf({ ...form, custom_steps: false }, 3, false)).not.toHaveProperty('lots_step_price');
  });

  it('step 3 blocks on a document without a kind; the save sends the kinds chosen', () => {
    const pdf = { id: 9, name: 'Регламент', extension: 'pdf', size: 1000 };
    let state: WizardState = wizardReducer(loaded(), {
      type: 'edit',
      patch: { documents: [{ ...pdf, kind: null }] },
    });
    const errors = blockingErrors(state as Editing, 3, options);
    expect(errors['documents.0.kind']).toBe('Не выбран тип файла');
    state = wizardReducer(state, { type: 'invalid', errors });
    state = wizardReducer(state, { type: 'edit', patch: { documents: [{ ...pdf, kind: 'template' }] } });
    expect((state as Editing).errors['documents.0.kind']).toBeUndefined();
    expect(blockingErrors(state as Editing, 3, options)['documents.0.kind']).toBeUndefined();
    expect(saveBodyOf((state as Editing).form, 3, false).documents_attributes).toEqual([
      { id: 9, kind: 'template' },
    ]);
  });

  it('a successful send ends the wizard', () => {
    expect(wizardReducer(loaded(), { type: 'applied', id: 42, message: 'ok' })).toEqual({
      phase: 'submitted',
      id: 42,
      message: 'ok',
    });
  });
});

describe('custom-template matching (spec 1 §2 step 2)', () => {
  const pending = () =>
    wizardReducer(
      { phase: 'loading' },
      {
        type: 'loaded',
        draft: draft({ excel_custom: true, has_registry: false, items_count: 0 }),
      },
    ) as Editing;
  const required = ['contract_id', 'region_code', 'amount_total', 'amount_bottomline'];

  it('a kept custom file reopens its matching, with "Проверить" disabled until the preview is in', () => {
    const state = pending();
    expect(state.at).toMatchObject({ step: 2, upload: { kind: 'mismatch', map: null } });
    expect(primaryButton(state, false)).toEqual({ text: 'Проверить', disabled: true, action: 'check' });
  });

  it('enables "Проверить" only once every required attribute is matched', () => {
    let state = wizardReducer(pending(), {
      type: 'matchingLoaded',
      map: [...required.slice(0, 3), null, null],
    });
    expect(primaryButton(state as Editing, false).disabled).toBe(true);
    state = wizardReducer(state, { type: 'matchColumn', index: 3, value: 'amount_bottomline' });
    expect(primaryButton(state as Editing, false)).toEqual({
      text: 'Проверить',
      disabled: false,
      action: 'check',
    });
    state = wizardReducer(state, { type: 'matchColumn', index: 0, value: null });
    expect(primaryButton(state as Editing, false).disabled).toBe(true);
  });

  it('an attribute chosen for a second column leaves the first', () => {
    let state = wizardReducer(pending(), { type: 'matchingLoaded', map: ['contract_id', null] });
    state = wizardReducer(state, { type: 'matchColumn', index: 1, value: 'contract_id' });
    expect((state as Editing).at).toMatchObject({ upload: { map: [null, 'contract_id'] } });
  });

  it('a running check locks the table and its refusal keeps the matching', () => {
    let state = wizardReducer(pending(), { type: 'matchingLoaded', map: [...required, null] });
    state = wizardReducer(state, { type: 'checkStarted' });
    expect(primaryButton(state as Editing, false).disabled).toBe(true);
    state = wizardReducer(state, { type: 'matchColumn', index: 0, value: null });
    state = wizardReducer(state, { type: 'checkProgress', percent: 40.4 });
    expect((state as Editing).at).toMatchObject({ upload: { checking: 40, map: [...required, null] } });
    const failure = { message: 'Ошибка обработки файла', errors: ['Строка 2, столбец C: …'], reportId: 'r' };
    state = wizardReducer(state, { type: 'checkFailed', failure });
    expect((state as Editing).at).toMatchObject({ upload: { kind: 'mismatch', checking: null, failure } });
    expect(primaryButton(state as Editing, false).disabled).toBe(false);
  });

  it('a checked custom registry reopens its matching and closes it unchanged (not for dutch)', () => {
    const checked = loaded(draft({ excel_custom: true }));
    expect(checked.at).toMatchObject({ upload: { kind: 'done' } });
    let state = wizardReducer(checked, { type: 'matchingReopened' }) as Editing;
    expect(state.at).toMatchObject({ upload: { kind: 'mismatch', map: null, reopened: true } });
    expect(primaryButton(state, false)).toEqual({ text: 'Проверить', disabled: true, action: 'check' });
    state = wizardReducer(state, { type: 'matchingLoaded', map: [...required, null] }) as Editing;
    state = wizardReducer(state, { type: 'matchColumn', index: 4, value: 'product_type' }) as Editing;
    expect(primaryButton(state, false).disabled).toBe(false);
    expect(wizardReducer(state, { type: 'matchingClosed' })).toMatchObject({
      at: { upload: { kind: 'done', fileName: 'реестр.xlsx' } },
    });

    const platform = loaded(draft({ excel_custom: false }));
    expect(wizardReducer(platform, { type: 'matchingReopened' })).toBe(platform);
    const dutch = loaded(draft({ excel_custom: true, auction_type: 'dutch' }));
    expect(wizardReducer(dutch, { type: 'matchingReopened' })).toBe(dutch);
    // A first matching (nothing stored yet) cannot be closed: the file waits for it.
    expect(wizardReducer(pending(), { type: 'matchingClosed' })).toMatchObject({
      at: { upload: { kind: 'mismatch' } },
    });
  });
});
