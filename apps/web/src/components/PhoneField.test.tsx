import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './PhoneField.tsx';

function Harness() {
  const [value, setValue] = useState('');
  return <PhoneField label="Телефон" value={value} onChange={setValue} />;
}

describe('PhoneField', () => {
  it("pre-fills '+7 ' on focus, masks what is typed and empties itself on blur when nothing was typed", () => {
    render(<Harness />);
    const input = screen.getByLabelText('Телефон') as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.focus(input);
    expect(input.value).toBe('+7 ');
    fireEvent.blur(input);
    expect(input.value).toBe('');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '+7 91612' } });
    expect(input.value).toBe('+7 916 12');
    fireEvent.change(input, { target: { value: '8 (916) 123-45-67' } });
    expect(input.value).toBe('+7 916 123-45-67');
    fireEvent.blur(input);
    expect(input.value).toBe('+7 916 123-45-67');
  });
});
