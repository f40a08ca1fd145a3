import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/useCurrentUser.ts';
import { ErrorBlock } from '../../components/ErrorBlock.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { decideAccess } from './decideAccess.ts';
import { referer } from './referer.ts';
import type { RouteAccess } from './routeAccess.ts';

const USER_LOAD_FAILED =
  'Не удалось загрузить данные пользователя. Проверьте соединение и попробуйте ещё раз.';

/** Renders the route when decideAccess allows it; otherwise redirects (remembering the page for sign-in). */
export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const location = useLocation();
  const { user, isPending, error, refetch } = useCurrentUser();
  if (access === 'public') return children;
  if (isPending) return <PageLoader />;
  if (error && !user) return <ErrorBlock message={USER_LOAD_FAILED} onRetry={refetch} />;

  const needAuthFlag = new URLSearchParams(location.search).has('need_auth');
  const decision = decideAccess({ access, needAuthFlag }, user);
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'signIn':
      referer.remember(`${location.pathname}${location.search}`);
      return <Navigate to={decision.to} replace />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
  }
}
