import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate, useRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

function Broken(): never {
  throw new Error('render failed');
}

let navigate: NavigateFunction = () => undefined;

function Routes() {
  navigate = useNavigate();
  const { pathname } = useLocation();
  const element = useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/fine', element: <h1>Работает</h1> },
  ]);
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

describe('RouteErrorBoundary', () => {
  it('shows the Russian error page for a page that throws, and the next page once the user goes on', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();

    act(() => navigate('/fine'));
    expect(screen.getByRole('heading', { name: 'Работает' })).toBeInTheDocument();
    expect(screen.queryByText('Что-то пошло не так')).not.toBeInTheDocument();
  });
});
