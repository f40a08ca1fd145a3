import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders.tsx';
import { EmployeesTable, InvitedTable } from './EmployeesTables.tsx';

const EMAIL = 'maria.kuznetsova@severny-bank.ru';

/** The pieces a narrow column may put on lines of their own: the text between the line-break points. */
const lineParts = (element: Element) =>
  element.innerHTML
    .replace(/<span[^>]*>|<\/span>/g, '')
    .split('<wbr>')
    .map((part) => part.replace(/<[^>]+>/g, ''));

describe('the e-mails of the employees tables', () => {
  it('break only after the @ and before a dot, never inside a name, and read whole', () => {
    renderWithProviders(
      <EmployeesTable
        employees={[
          {
            id: 2,
            email: EMAIL,
            first_name: 'Мария',
            last_name: 'Кузнецова',
            phone: '79161234567',
            avatar_url: null,
            owner: false,
            joined_at: '2026-03-01T09:00:00.000Z',
          },
        ]}
        selfId={1}
        onAction={() => {}}
      />,
    );
    const row = screen.getByTestId('employee-row');
    // On a phone the e-mail goes under the name; wider, in its own column: both the same way.
    const underName = within(row).getByTestId('employee-email-under-name');
    expect(underName.textContent).toBe(EMAIL);
    expect(lineParts(underName)).toEqual(['maria', '.kuznetsova@', 'severny-bank', '.ru']);
    const column = within(row).getAllByRole('cell')[1]!;
    expect(column.textContent).toBe(EMAIL);
    expect(lineParts(column)).toEqual(['maria', '.kuznetsova@', 'severny-bank', '.ru']);
    // No rule that cuts anywhere inside a word.
    for (const element of row.querySelectorAll('*'))
      expect(getComputedStyle(element).overflowWrap).not.toBe('anywhere');
  });

  it('do the same for invitations', () => {
    renderWithProviders(
      <InvitedTable
        invited={[{ id: 5, email: EMAIL, invited_at: '2026-03-02T09:00:00.000Z', invited_by: 'Иванов Иван' }]}
        onAction={() => {}}
      />,
    );
    const cell = within(screen.getByTestId('invited-row')).getAllByRole('cell')[0]!;
    expect(cell.textContent).toBe(EMAIL);
    expect(lineParts(cell)).toEqual(['maria', '.kuznetsova@', 'severny-bank', '.ru']);
  });
});
