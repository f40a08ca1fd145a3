/** The matching table against a stubbed remaped_registry, driven by the wizard's own reducer. */
import { REGISTRY_ATTRIBUTES } from '@etp/domain';
import { fireEvent, screen, within } from '@testing-library/react';

import { useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { wizardReducer } from '../wizardMachine.ts';
import type { WizardState } from '../wizardState.ts';
import { ColumnMatching } from './ColumnMatching.tsx';

const START: WizardState = {
  phase: 'editing',
  at: { step: 2, upload: { kind: 'mismatch', fileName: 'r.xlsx', map: null, checking: null, failure: null } },
  draft: null,
  form: {} as never,
  errors: {},
  visited: [1, 2],
  saving: false,
  failure: null,
};

function Harness() {
  const [state, dispatch] = useReducer(wizardReducer, START);
  const upload = state.phase === 'editing' && state.at.step === 2 ? state.at.upload : null;
  if (upload?.kind !== 'mismatch') return null;
  return (
    <ColumnMatching
      briefcaseId={7}
      fileName={upload.fileName}
      map={upload.map}
      checking={upload.checking}
      failure={upload.failure}
      onLoaded={(map) => dispatch({ type: 'matchingLoaded', map })}
      onMatch={(index, value) => dispatch({ type: 'matchColumn', index, value })}
    />
  );
}

const preview = (headers: string[], suggested: (string | null)[]) => ({
  excel_custom: true,
  source_map: {},
  pending: true,
  preview: { headers, rows: [headers.map((_, i) => `v${i}`)], suggested },
});

afterEach(() => vi.unstubAllGlobals());

describe('ColumnMatching', () => {
  it('counts what is left, shows the Аналитика badge and frees a column with its delete button', async () => {
    stubApi({
      'GET /api/v1/briefcases/7/remaped_registry': preview(
        ['Договор', 'Регион', 'ОД', 'Итого', 'Просрочка'],
        ['contract_id', 'region_code', 'amount_total', 'amount_bottomline', null],
      ),
    });
    renderWithProviders(<Harness />);
    expect((await screen.findByTestId('remaining-required')).textContent).toBe('0');
    expect(within(screen.getByTestId('match-column-1')).getByText('Аналитика')).toBeInTheDocument();
    expect(within(screen.getByTestId('match-column-4')).getByText('Не загружается')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить сопоставление столбца «Регион»' }));
    expect(screen.getByTestId('remaining-required').textContent).toBe('1');
    expect(screen.getByText('Код региона', { selector: 'li' })).toBeInTheDocument();
  });

  it('reads "Все поля совпадают" when every required and recommended attribute is matched', async () => {
    const attributes = REGISTRY_ATTRIBUTES.filter((a) => a.required || a.analytics);
    stubApi({
      'GET /api/v1/briefcases/7/remaped_registry': preview(
        attributes.map((a) => a.text),
        attributes.map((a) => a.value),
      ),
    });
    renderWithProviders(<Harness />);
    expect((await screen.findByTestId('all-matched')).textContent).toBe('Все поля совпадают');
  });
});
