import { Outlet } from 'react-router';
import { RequireAccess } from './RequireAccess.tsx';
import type { RouteAccess } from './routeAccess.ts';

/** A layout route that lets its child routes render only for users the access rule admits. */
export function AccessOutlet({ access }: { access: RouteAccess }) {
  return (
    <RequireAccess access={access}>
      <Outlet />
    </RequireAccess>
  );
}
