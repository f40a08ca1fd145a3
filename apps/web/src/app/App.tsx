import { Suspense, useEffect } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { apiClient } from '../api/apiClient.ts';
import { startRefreshSchedule } from '../api/refreshSchedule.ts';
import { tokenStore } from '../api/tokenStore.ts';
import { PageLoader } from '../components/PageLoader.tsx';
import { RouteErrorBoundary } from '../features/errors/RouteErrorBoundary.tsx';
import { AppProviders } from './AppProviders.tsx';
import { routes } from './router.tsx';

/** The routes, behind the error page; a failed page is tried again on the next navigation. */
function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The whole app: providers, the token-refresh schedule and the router. */
export function App() {
  useEffect(() => startRefreshSchedule(apiClient, tokenStore), []);
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
