import { fireEvent, render, screen } from '@testing-library/react';
import fc from 'fast-check';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ForecastNumberField, type NumberFormat } from './ForecastNumberField.tsx';
import { DPD, MONEY, PERCENT } from './formats.ts';

function Harness({
  initial,
  format,
  seen,
}: {
  initial: number;
  format: NumberFormat;
  seen: (number | null)[];
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ForecastNumberField
        label="Поле"
        value={value}
        format={format}
        invalidText="Не должно быть больше 100"
        onValue={(v) => {
          seen.push(v);
          if (v !== null) setValue(v);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Поле') as HTMLInputElement;

describe('the Прогноз form fields (spec 2 §5)', () => {
  it('clears a zero on focus and puts 0 back into an emptied field on leaving it', () => {
    const seen: (number | null)[] = [];
    render(<Harness initial={0} format={MONEY} seen={seen} />);
    expect(input().value).toBe('0');
    expect(input().placeholder).toBe('0');
    fireEvent.focus(input());
    expect(input().value).toBe('');
    fireEvent.blur(input());
    expect(input().value).toBe('0');
    expect(seen).toEqual([0]);
  });

  it('keeps money to two decimals in kopecks, and an emptied field stays empty while typing', () => {
    const seen: (number | null)[] = [];
    render(<Harness initial={1_234_550} format={MONEY} seen={seen} />);
    expect(input().value).toBe('12\u00a0345,50');
    fireEvent.change(input(), { target: { value: '99.999' } });
    expect(input().value).toBe('99,99');
    expect(screen.getByTestId('value').textContent).toBe('9999');
    fireEvent.change(input(), { target: { value: '' } });
    expect(input().value).toBe('');
    expect(screen.getByTestId('value').textContent).toBe('0');
  });

  it('groups money by thousands as shown and as typed, like the other money inputs (issue 29 #17)', () => {
    const seen: (number | null)[] = [];
    render(<Harness initial={25_992_639_142} format={MONEY} seen={seen} />);
    expect(input().value).toBe('259\u00a0926\u00a0391,42');
    fireEvent.change(input(), { target: { value: '1234567,8' } });
    expect(input().value).toBe('1\u00a0234\u00a0567,8');
    expect(seen.at(-1)).toBe(123_456_780);
    // A digit typed inside a grouped number regroups it and keeps the value.
    fireEvent.change(input(), { target: { value: '91\u00a0234\u00a0567,8' } });
    expect(input().value).toBe('91\u00a0234\u00a0567,8');
    expect(seen.at(-1)).toBe(9_123_456_780);
  });

  it('shows any amount grouped and reads it back to the same kopecks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 }), (kopecks) => {
        const text = MONEY.display(kopecks);
        expect(MONEY.parse(text)).toBe(kopecks);
        const whole = text.split(',')[0]!;
        expect(whole).toMatch(/^\d{1,3}(\u00a0\d{3})*$/);
      }),
    );
  });

  it('cuts DPD to four digits', () => {
    render(<Harness initial={540} format={DPD} seen={[]} />);
    fireEvent.change(input(), { target: { value: '12345' } });
    expect(input().value).toBe('1234');
  });

  it('sends an untouched share exactly, and refuses a percentage above 100', () => {
    const seen: (number | null)[] = [];
    render(<Harness initial={1 / 30} format={PERCENT} seen={seen} />);
    expect(input().value).toBe('3,33');
    expect(screen.getByTestId('value').textContent).toBe(String(1 / 30));
    fireEvent.change(input(), { target: { value: '150' } });
    expect(seen.at(-1)).toBeNull();
    expect(screen.getByText('Не должно быть больше 100')).toBeInTheDocument();
    expect(screen.getByTestId('value').textContent).toBe(String(1 / 30));
    fireEvent.change(input(), { target: { value: '12,5' } });
    expect(seen.at(-1)).toBe(0.125);
  });
});
