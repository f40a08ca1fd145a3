import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders.tsx';
import { EMPTY_FORM, saveBodyOf, type WizardForm } from '../wizardForm.ts';
import { DealDeadlinesFields } from './DealDeadlinesFields.tsx';

type Values = Pick<WizardForm, 'sign_working_days' | 'pay_working_days' | 'second_offer_working_days'>;

function Harness({ errors = {}, onForm }: { errors?: Record<string, string>; onForm: (v: Values) => void }) {
  const [values, setValues] = useState<Values>({
    sign_working_days: null,
    pay_working_days: 12,
    second_offer_working_days: null,
  });
  return (
    <DealDeadlinesFields
      values={values}
      errors={errors}
      onChange={(patch) => {
        const next = { ...values, ...patch };
        setValues(next);
        onForm(next);
      }}
    />
  );
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

describe('step 3: the deal deadlines', () => {
  it('shows the platform’s defaults where the seller set none, and the seller’s own value', () => {
    renderWithProviders(<Harness onForm={() => {}} />);
    expect(field('Срок подписания договора, рабочих дней').value).toBe('5');
    expect(field('Срок оплаты, рабочих дней').value).toBe('12');
    expect(field('Срок ответа второго участника, рабочих дней').value).toBe('3');
  });

  it('sends what the seller typed in step 3’s save, and says when it is out of 1..30', () => {
    let form: Values | null = null;
    renderWithProviders(<Harness onForm={(v) => (form = v)} />);
    fireEvent.change(field('Срок подписания договора, рабочих дней'), { target: { value: '31' } });
    expect(screen.getByText('Должно быть от 1 до 30 рабочих дней')).toBeInTheDocument();
    fireEvent.change(field('Срок подписания договора, рабочих дней'), { target: { value: '7' } });
    expect(screen.queryByText('Должно быть от 1 до 30 рабочих дней')).not.toBeInTheDocument();
    const body = saveBodyOf({ ...EMPTY_FORM, ...(form as unknown as Values) }, 3, false);
    expect(body).toMatchObject({
      sign_working_days: 7,
      pay_working_days: 12,
      second_offer_working_days: null,
    });
  });

  it('shows the server’s message under its field', () => {
    renderWithProviders(
      <Harness errors={{ pay_working_days: 'Должно быть от 1 до 30 рабочих дней' }} onForm={() => {}} />,
    );
    const pay = field('Срок оплаты, рабочих дней');
    const helper = document.getElementById(pay.getAttribute('aria-describedby') ?? '');
    expect(helper?.textContent).toBe('Должно быть от 1 до 30 рабочих дней');
    expect(pay.getAttribute('aria-invalid')).toBe('true');
  });
});
