import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTopButton } from './BackToTopButton.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  window.scrollY = 0;
});

/** A page 900 px high whose footer starts `footerTop` px from the window's top. */
function page(footerTop: number) {
  Object.defineProperty(window, 'innerHeight', { value: 900, configurable: true });
  window.scrollY = 3000;
  render(
    <>
      <main />
      <footer data-testid="footer" />
      <BackToTopButton />
    </>,
  );
  vi.spyOn(screen.getByTestId('footer'), 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ x: 0, y: footerTop, width: 390, height: 400 }),
  );
}

const scroll = () => act(() => window.dispatchEvent(new Event('scroll')));

describe('the back-to-top button', () => {
  it('rises above the footer once the footer comes into view, so it covers none of it', async () => {
    page(600);
    await scroll();
    const button = await screen.findByRole('button', { name: 'Наверх' });
    // The footer takes the window's lowest 300 px: the button stands 16 px above it.
    expect(button.style.bottom).toBe('316px');
  });

  it('keeps its corner while the footer is below the fold', async () => {
    page(1500);
    await scroll();
    const button = await screen.findByRole('button', { name: 'Наверх' });
    expect(button.style.bottom).toBe('');
  });
});
