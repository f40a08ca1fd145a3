/**
 * Step 2 of the wizard over a custom registry (spec 1 §2): after a successful 'Проверить' the note that the
 * platform template's headers were not found goes, and the matching can be opened again to change a match.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, buildWizardDraft } from '../../test/factories.ts';
import { ok, type SentRequest, stubApi } from '../../test/fakeServer.ts';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { WizardPage } from './WizardPage.tsx';

const HEADERS = ['Договор', 'Регион', 'ОД', 'Итого', 'Продукт'];
const MATCHED = { 0: 'contract_id', 1: 'region_code', 2: 'amount_total', 3: 'amount_bottomline' };
const NOTE =
  'Заголовки шаблона не найдены: они ожидаются в строке 1 листа «Лист1» (просмотрены первые 10 строк листа)';

const uploadData = (warnings: string[]) => ({
  briefcase_id: 42,
  items_count: 3,
  lots_count: 1,
  excel_custom: true,
  personal_data_found: false,
  personal_data: [],
  report_id: null,
  errors_count: 0,
  preview: null,
  warnings,
});

afterEach(() => vi.unstubAllGlobals());

describe('WizardPage, a custom registry', () => {
  it('drops the headers note once the columns are matched, and reopens the matching to change one', async () => {
    let stored = false;
    let sourceMap: Record<string, string | null> = {};
    const api = stubApi({
      'GET /time': () => ok({ time: new Date().toISOString(), unix_ms: Date.now() }),
      'GET /api/v1/user': buildUser({ company_seller: true }),
      'GET /api/v1/briefcases/42/edit': () =>
        ok(
          buildWizardDraft({
            excel_custom: true,
            has_registry: stored,
            items_count: stored ? 3 : 0,
            registry_file_name: 'свой.xlsx',
          }),
        ),
      'GET /api/v1/briefcases/42/remaped_registry': () =>
        ok({
          excel_custom: true,
          source_map: sourceMap,
          pending: true,
          preview: {
            headers: HEADERS,
            rows: [HEADERS.map((_, i) => `v${i}`)],
            suggested: ['contract_id', 'region_code', 'amount_total', null, null],
          },
        }),
      'PUT /api/v1/briefcases/42/map_registry': (request: SentRequest) => {
        sourceMap = (request.body as { source_map: Record<string, string | null> }).source_map;
        stored = true;
        return ok(uploadData([]), 'Реестр загружен');
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/briefcases/new/:id" element={<WizardPage />} />
      </Routes>,
      { path: '/briefcases/new/42', state: { uploadWarnings: [NOTE] } },
    );
    const matching = await screen.findByTestId('column-matching');
    expect(screen.getByTestId('upload-warnings').textContent).toBe(NOTE);

    // Three required columns come suggested; the fourth is matched by hand, then 'Проверить'.
    expect(screen.getByRole('button', { name: 'Проверить' })).toBeDisabled();
    choose(3, /^Остаток задолженности \(ОСЗ\)/);
    expect(matching).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    await waitFor(() => expect(screen.queryByTestId('column-matching')).not.toBeInTheDocument());
    expect(api.last('PUT /api/v1/briefcases/42/map_registry')!.body).toMatchObject({ source_map: MATCHED });
    expect(screen.getByText('Файл загружен')).toBeInTheDocument();
    expect(screen.queryByTestId('upload-warnings')).not.toBeInTheDocument();

    // 'Изменить сопоставление' opens the table again on the saved matching; a changed match is checked again.
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить сопоставление' }));
    await screen.findByTestId('column-matching');
    expect(within(screen.getByTestId('match-column-2')).getByRole('combobox').textContent).toContain(
      'Сумма основного долга (ОД), руб.',
    );
    expect(screen.getByText('Файл загружен')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Оставить как было' }));
    await waitFor(() => expect(screen.queryByTestId('column-matching')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Изменить сопоставление' }));
    await screen.findByTestId('column-matching');
    choose(4, /^Тип продукта/);
    fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
    await waitFor(() => expect(screen.queryByTestId('column-matching')).not.toBeInTheDocument());
    expect(api.last('PUT /api/v1/briefcases/42/map_registry')!.body).toMatchObject({
      source_map: { ...MATCHED, 4: 'product_type' },
    });
  });
});

/** Picks an attribute in a column's header dropdown. */
function choose(column: number, attribute: RegExp) {
  fireEvent.mouseDown(within(screen.getByTestId(`match-column-${column}`)).getByRole('combobox'));
  fireEvent.click(screen.getByRole('option', { name: attribute }));
}
