import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SmsCodeInput } from './SmsCodeInput.tsx';

const box = (n: number) => screen.getByLabelText(`Код, цифра ${n}`) as HTMLInputElement;

describe('SmsCodeInput', () => {
  it('submits by itself once the 4th digit is typed, and moves back on Backspace', () => {
    const onComplete = vi.fn();
    render(<SmsCodeInput label="Код" onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: '4' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '7' } });
    fireEvent.change(box(3), { target: { value: 'x' } });
    expect(box(3).value).toBe('');
    fireEvent.change(box(3), { target: { value: '1' } });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(box(4), { target: { value: '9' } });
    expect(onComplete).toHaveBeenCalledWith('4719');
  });

  it('spreads a pasted code over the boxes and shows the error under them', () => {
    const onComplete = vi.fn();
    render(<SmsCodeInput label="Код" onComplete={onComplete} error="Неверный код" />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 12-34 ' } });
    expect([1, 2, 3, 4].map((n) => box(n).value).join('')).toBe('1234');
    expect(onComplete).toHaveBeenCalledWith('1234');
    expect(screen.getByText('Неверный код').id).toBe(box(1).getAttribute('aria-describedby'));
  });
});
