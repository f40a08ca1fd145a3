/**
 * Every route of the app (spec 3 §2.1, spec 2 §2, spec 1 §2), grouped under the access rule that guards it.
 * Pages load on demand so the first screen stays light: each is a React.lazy component, rendered by the
 * declarative router (`useRoutes` in App), which weighs about 17 kB gzip less than the data router on every page
 * (decisions/0230). RootLayout's Suspense shows the loader while a page's chunk arrives; navigations are
 * transitions, so the current page stays on screen until the next one is ready.
 */
import { type ComponentType, lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AccessOutlet } from '../features/access/AccessOutlet.tsx';
import { RootLayout } from './RootLayout.tsx';

/** A page component fetched on its first render. */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const AdminBriefcasesPage = lazyPage(
  () => import('../features/admin/AdminBriefcasesPage.tsx'),
  (m) => m.AdminBriefcasesPage,
);
const AdminCompaniesPage = lazyPage(
  () => import('../features/admin/companies/AdminCompaniesPage.tsx'),
  (m) => m.AdminCompaniesPage,
);
const AdminDealsPage = lazyPage(
  () => import('../features/deals/AdminDealsPage.tsx'),
  (m) => m.AdminDealsPage,
);
const AdminUserPage = lazyPage(
  () => import('../features/admin/AdminUserPage.tsx'),
  (m) => m.AdminUserPage,
);
const BriefcaseCardPage = lazyPage(
  () => import('../features/briefcase/BriefcaseCardPage.tsx'),
  (m) => m.BriefcaseCardPage,
);
const CompanyPage = lazyPage(
  () => import('../features/company/CompanyPage.tsx'),
  (m) => m.CompanyPage,
);
const EmployeesPage = lazyPage(
  () => import('../features/employees/EmployeesPage.tsx'),
  (m) => m.EmployeesPage,
);
const EventsPage = lazyPage(
  () => import('../features/events/EventsPage.tsx'),
  (m) => m.EventsPage,
);
const FeedPage = lazyPage(
  () => import('../features/feed/FeedPage.tsx'),
  (m) => m.FeedPage,
);
const LandingPage = lazyPage(
  () => import('../features/landing/LandingPage.tsx'),
  (m) => m.LandingPage,
);
const MyDealsPage = lazyPage(
  () => import('../features/deals/MyDealsPage.tsx'),
  (m) => m.MyDealsPage,
);
const NotFoundPage = lazyPage(
  () => import('../features/errors/NotFoundPage.tsx'),
  (m) => m.NotFoundPage,
);
const PasswordEditPage = lazyPage(
  () => import('../features/auth/PasswordEditPage.tsx'),
  (m) => m.PasswordEditPage,
);
const PrivacyPolicyPage = lazyPage(
  () => import('../features/legal/PrivacyPolicyPage.tsx'),
  (m) => m.PrivacyPolicyPage,
);
const ProfilePage = lazyPage(
  () => import('../features/profile/ProfilePage.tsx'),
  (m) => m.ProfilePage,
);
const ServicesPage = lazyPage(
  () => import('../features/services/ServicesPage.tsx'),
  (m) => m.ServicesPage,
);
const SignInPage = lazyPage(
  () => import('../features/auth/signIn/SignInPage.tsx'),
  (m) => m.SignInPage,
);
const SignUpPage = lazyPage(
  () => import('../features/auth/signUp/SignUpPage.tsx'),
  (m) => m.SignUpPage,
);
const WizardPage = lazyPage(
  () => import('../features/wizard/WizardPage.tsx'),
  (m) => m.WizardPage,
);

const feedRoute = (path: string): RouteObject => ({ path, element: <FeedPage /> });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <AccessOutlet access="public" />,
        children: [
          {
            index: true,
            element: <LandingPage />,
          },
          {
            path: 'users/sign_in',
            element: <SignInPage />,
          },
          {
            path: 'users/sign_up',
            element: <SignUpPage />,
          },
          {
            path: 'users/password/edit',
            element: <PasswordEditPage />,
          },
        ],
      },
      {
        // Open to everyone: registration and the call request link to it.
        path: 'privacy',
        element: <PrivacyPolicyPage />,
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
            element: <WizardPage />,
          },
          {
            path: 'briefcases/new/:id',
            element: <WizardPage />,
          },
          {
            path: 'briefcases/:id/:tab?',
            element: <BriefcaseCardPage />,
          },
        ],
      },
      {
        element: <AccessOutlet access="signedIn" />,
        children: [
          {
            path: 'profile',
            element: <ProfilePage />,
          },
          {
            path: 'profile/client',
            element: <CompanyPage />,
          },
          {
            path: 'profile/client/users',
            element: <EmployeesPage />,
          },
          {
            path: 'profile/events',
            element: <EventsPage />,
          },
          {
            path: 'profile/deals',
            element: <MyDealsPage />,
          },
          {
            path: 'services/:tab?',
            element: <ServicesPage />,
          },
        ],
      },
      {
        element: <AccessOutlet access="admin" />,
        children: [
          {
            path: 'admin/briefcases',
            element: <AdminBriefcasesPage />,
          },
          {
            path: 'admin/companies',
            element: <AdminCompaniesPage />,
          },
          {
            path: 'admin/deals',
            element: <AdminDealsPage />,
          },
          {
            path: 'admin/users/:userId',
            element: <AdminUserPage />,
          },
        ],
      },
      {
        path: '*',
        element: <NotFoundPage />,
      },
    ],
  },
];
