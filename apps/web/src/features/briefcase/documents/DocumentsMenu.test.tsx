import type { BriefcaseDocuments, ProcedureDocument } from '@etp/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildBriefcaseCard } from '../../../test/factories.ts';
import { stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { DocumentsMenu } from './DocumentsMenu.tsx';
import { PortfolioDocuments } from './PortfolioDocuments.tsx';

const doc = (id: number, kind: ProcedureDocument['kind'], name: string): ProcedureDocument => ({
  id,
  kind,
  title: null,
  name,
  extension: 'pdf',
  bytes_size: 860_000,
  created_at: '2026-11-22T09:00:00.000Z',
  link: `/api/v1/briefcases/42/documents/${id}`,
});

const answer = (overrides: Partial<BriefcaseDocuments>): BriefcaseDocuments => ({
  documents: [doc(1, 'template', 'Регламент проведения торгов.pdf')],
  protocol: null,
  protocol_pending: false,
  main_report: null,
  archive_link: '/api/v1/briefcases/42/zip_documents',
  seller: null,
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

async function openMenu() {
  fireEvent.click(await screen.findByRole('button', { name: 'Документы' }));
  return screen.findByRole('menu', { name: 'Документы торговой процедуры' });
}

describe('DocumentsMenu', () => {
  it('tells the seller of a procedure still trading that the protocol comes after the end', async () => {
    stubApi({ 'GET /api/v1/briefcases/42/documents': answer({ protocol_pending: true }) });
    renderWithProviders(<DocumentsMenu briefcase={buildBriefcaseCard({ id: 42, status: 'active' })} />);
    const menu = await openMenu();
    expect(await within(menu).findByText('Регламент проведения торгов.pdf')).toBeInTheDocument();
    expect(within(menu).getByText('Протокол будет доступен после окончания торгов')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Скачать всё архивом' })).toBeInTheDocument();
    expect(within(menu).queryByText('Общие результаты аукциона')).not.toBeInTheDocument();
  });

  it('after trading lists the protocol and the main report, and downloads the chosen file with the token', async () => {
    const api = stubApi({
      'GET /api/v1/briefcases/42/documents': answer({
        protocol: doc(7, 'protocol', 'Протокол торгов ТП №42.pdf'),
        main_report: doc(8, 'main_report', 'Общие результаты аукциона ТП №42.pdf'),
      }),
      'GET /api/v1/briefcases/42/documents/7': () => new Response(new Blob(['%PDF']), { status: 200 }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:protocol');
    URL.revokeObjectURL = vi.fn();
    // jsdom does not navigate; the click that saves the file is what the browser would act on.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<DocumentsMenu briefcase={buildBriefcaseCard({ id: 42, status: 'closed' })} />);
    const menu = await openMenu();
    fireEvent.click(await within(menu).findByRole('menuitem', { name: /Протокол торгов/ }));
    await vi.waitFor(() => expect(api.last('GET /api/v1/briefcases/42/documents/7')).toBeTruthy());
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect((saved.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'Протокол торгов ТП №42.pdf',
    );
    saved.mockRestore();
  });
});

describe('PortfolioDocuments', () => {
  it('shows the seller the reports and the download history', async () => {
    stubApi({
      'GET /api/v1/briefcases/42/documents': answer({
        main_report: doc(8, 'main_report', 'Общие результаты аукциона ТП №42.pdf'),
        seller: {
          report_link: '/api/v1/briefcases/42/report',
          lots_report_link: '/api/v1/briefcases/42/lots_report',
          companies_info_link: '/api/v1/briefcases/42/companies_info',
          downloads_info_link: '/api/v1/briefcases/42/downloads_info',
          downloads_count: 3,
          recent_downloads: [
            {
              user_name: 'Петров Иван',
              company_name: 'ООО «Покупатель»',
              what: 'Регламент проведения торгов.pdf',
              created_at: '2026-11-22T09:00:00.000Z',
            },
          ],
        },
      }),
    });
    renderWithProviders(<PortfolioDocuments briefcase={buildBriefcaseCard({ id: 42, status: 'closed' })} />);
    const section = await screen.findByTestId('portfolio-documents');
    expect(await within(section).findByText('Общие результаты аукциона')).toBeInTheDocument();
    expect(within(section).getByText('Всего скачиваний: 3')).toBeInTheDocument();
    const history = within(section).getByRole('table', { name: 'История скачиваний' });
    expect(within(history).getByText('Петров Иван')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Отчёт о торгах (XLSX)' })).toBeInTheDocument();
  });

  it('names the download history button after its file, and saves that file (issue 29 #17)', async () => {
    const api = stubApi({
      'GET /api/v1/briefcases/42/documents': answer({
        seller: {
          report_link: '/api/v1/briefcases/42/report',
          lots_report_link: '/api/v1/briefcases/42/lots_report',
          companies_info_link: '/api/v1/briefcases/42/companies_info',
          downloads_info_link: '/api/v1/briefcases/42/downloads_info',
          downloads_count: 0,
          recent_downloads: [],
        },
      }),
      'GET /api/v1/briefcases/42/downloads_info': () => new Response(new Blob(['PK']), { status: 200 }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:history');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderWithProviders(<PortfolioDocuments briefcase={buildBriefcaseCard({ id: 42, status: 'closed' })} />);
    const section = await screen.findByTestId('portfolio-documents');
    // "Вся история (XLSX)" read as the procedure's whole history; the file is the history of downloads.
    expect(within(section).queryByRole('button', { name: 'Вся история (XLSX)' })).not.toBeInTheDocument();
    fireEvent.click(await within(section).findByRole('button', { name: 'Вся история скачиваний (XLSX)' }));
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(api.sent.filter((r) => r.path !== '/api/v1/briefcases/42/documents').map((r) => r.path)).toEqual([
      '/api/v1/briefcases/42/downloads_info',
    ]);
    expect((saved.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'История скачиваний ТП №42.xlsx',
    );
    saved.mockRestore();
  });
});
