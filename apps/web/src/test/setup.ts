/** Unmounts what each test rendered (Testing Library cleans up by itself only with Vitest globals on). */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
