/**
 * Every route of the app (spec 3 §2.1, spec 2 §2, spec 1 §2), grouped under the access rule that guards it.
 * Pages load on demand so the first screen stays light.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { AccessOutlet } from '../features/access/AccessOutlet.tsx';
import { RouteErrorPage } from '../features/errors/RouteErrorPage.tsx';
import { RootLayout } from './RootLayout.tsx';

const feedRoute = (path: string): RouteObject => ({
  path,
  lazy: async () => ({ Component: (await import('../features/feed/FeedPage.tsx')).FeedPage }),
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <AccessOutlet access="public" />,
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('../features/landing/LandingPage.tsx')).LandingPage,
            }),
          },
          {
            path: 'users/sign_in',
            lazy: async () => ({
              Component: (await import('../features/auth/signIn/SignInPage.tsx')).SignInPage,
            }),
          },
          {
            path: 'users/sign_up',
            lazy: async () => ({
              Component: (await import('../features/auth/signUp/SignUpPage.tsx')).SignUpPage,
            }),
          },
          {
            path: 'users/password/edit',
            lazy: async () => ({
              Component: (await import('../features/auth/PasswordEditPage.tsx')).PasswordEditPage,
            }),
          },
        ],
      },
      {
        // Open to everyone: registration and the call request link to it.
        path: 'privacy',
        lazy: async () => ({
          Component: (await import('../features/legal/PrivacyPolicyPage.tsx')).PrivacyPolicyPage,
        }),
      },
      { element: <AccessOutlet access="feed" />, children: [feedRoute('briefcases')] },
      {
        element: <AccessOutlet access="goodStanding" />,
        children: [
          feedRoute('classic'),
          feedRoute('dutch'),
          feedRoute('private_requests'),
          feedRoute('creditor_to_creditor'),
          {
            path: 'briefcases/new',
            lazy: async () => ({ Component: (await import('../features/wizard/WizardPage.tsx')).WizardPage }),
          },
          {
            path: 'briefcases/new/:id',
            lazy: async () => ({ Component: (await import('../features/wizard/WizardPage.tsx')).WizardPage }),
          },
          {
            path: 'briefcases/:id/:tab?',
            lazy: async () => ({
              Component: (await import('../features/briefcase/BriefcaseCardPage.tsx')).BriefcaseCardPage,
            }),
          },
        ],
      },
      {
        element: <AccessOutlet access="signedIn" />,
        children: [
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/profile/ProfilePage.tsx')).ProfilePage,
            }),
          },
          {
            path: 'profile/client',
            lazy: async () => ({
              Component: (await import('../features/company/CompanyPage.tsx')).CompanyPage,
            }),
          },
          {
            path: 'profile/client/users',
            lazy: async () => ({
              Component: (await import('../features/employees/EmployeesPage.tsx')).EmployeesPage,
            }),
          },
          {
            path: 'profile/events',
            lazy: async () => ({
              Component: (await import('../features/events/EventsPage.tsx')).EventsPage,
            }),
          },
          {
            path: 'services/:tab?',
            lazy: async () => ({
              Component: (await import('../features/services/ServicesPage.tsx')).ServicesPage,
            }),
          },
        ],
      },
      {
        element: <AccessOutlet access="admin" />,
        children: [
          {
            path: 'admin/briefcases',
            lazy: async () => ({
              Component: (await import('../features/admin/AdminBriefcasesPage.tsx')).AdminBriefcasesPage,
            }),
          },
          {
            path: 'admin/companies',
            lazy: async () => ({
              Component: (await import('../features/admin/companies/AdminCompaniesPage.tsx'))
                .AdminCompaniesPage,
            }),
          },
          {
            path: 'admin/users/:userId',
            lazy: async () => ({
              Component: (await import('../features/admin/AdminUserPage.tsx')).AdminUserPage,
            }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/errors/NotFoundPage.tsx')).NotFoundPage }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
