/**
 * The documents dropdown's list is its own chunk. When the list of documents arrives after the click but before
 * that chunk has rendered, the menu must still show it (it once stayed at "Загрузка списка документов…" for good:
 * the list rendered the opener's stale query result, and nothing re-rendered it).
 */
import type { BriefcaseDocuments } from '@etp/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { buildBriefcaseCard } from '../../../test/factories.ts';
import { ok, stubApi } from '../../../test/fakeServer.ts';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { DocumentsMenu } from './DocumentsMenu.tsx';

const gates = vi.hoisted(() => {
  const deferred = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open, opened };
  };
  return { chunk: deferred(), answer: deferred() };
});

// The list's chunk arrives only when the test says so.
vi.mock('./DocumentsMenuList.tsx', async (importOriginal) => {
  await gates.chunk.opened;
  return importOriginal();
});

afterEach(() => vi.unstubAllGlobals());

const DOCUMENTS: BriefcaseDocuments = {
  documents: [],
  protocol: {
    id: 7,
    kind: 'protocol',
    title: null,
    name: 'Протокол торгов ТП №42.pdf',
    extension: 'pdf',
    bytes_size: 36_000,
    created_at: '2026-11-22T09:00:00.000Z',
    link: '/api/v1/briefcases/42/protocol',
  },
  protocol_pending: false,
  main_report: null,
  archive_link: '/api/v1/briefcases/42/zip_documents',
  seller: null,
};

it('shows the documents that arrived between the click and the list’s first render', async () => {
  const api = stubApi({
    'GET /api/v1/briefcases/42/documents': async () => {
      await gates.answer.opened;
      return ok(DOCUMENTS);
    },
  });
  renderWithProviders(<DocumentsMenu briefcase={buildBriefcaseCard({ id: 42, status: 'closed' })} />);
  await vi.waitFor(() => expect(api.last('GET /api/v1/briefcases/42/documents')).toBeTruthy());

  fireEvent.click(screen.getByRole('button', { name: 'Документы' }));
  // The answer arrives while the list's chunk is still on its way…
  await act(async () => {
    gates.answer.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  // …and then the chunk.
  await act(async () => {
    gates.chunk.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  const menu = await screen.findByRole('menu', { name: 'Документы торговой процедуры' });
  expect(await within(menu).findByRole('menuitem', { name: /Протокол торгов/ })).toBeInTheDocument();
  expect(within(menu).queryByText('Загрузка списка документов…')).not.toBeInTheDocument();
});
