/**
 * Unmounts what each test rendered (Testing Library cleans up by itself only with Vitest globals on), and adds the
 * DOM matchers (`toBeInTheDocument`, `toBeDisabled`, `toHaveTextContent`…) to `expect`, typed.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Routes load their pages lazily; on a busy 2-core machine the first import of a large page (the wizard) can take
// more than five seconds.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
