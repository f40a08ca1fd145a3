import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { apiClient } from '../api/apiClient.ts';
import { startRefreshSchedule } from '../api/refreshSchedule.ts';
import { tokenStore } from '../api/tokenStore.ts';
import { AppProviders } from './AppProviders.tsx';
import { router } from './router.tsx';

/** The whole app: providers, the token-refresh schedule and the router. */
export function App() {
  useEffect(() => startRefreshSchedule(apiClient, tokenStore), []);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
