import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { RouteError } from '../components/layout/route-error';
import { Splash } from '../components/layout/splash';
import { PATHS } from './paths';
import type { RouteHandle } from './route-handle';

/** An asset page's module once the asset group strings it reads are loaded too (see load-group-strings.ts). */
const withAssetGroupStrings = <T,>(page: Promise<T>): Promise<T> =>
  Promise.all([
    page,
    import('../pages/assets/load-group-strings').then((m) => m.loadAssetGroupStrings()),
  ]).then(([module]) => module);

/** A shell's module once the panel's strings are loaded too (see i18n/load-panel-strings.ts). */
const withPanelStrings = <T,>(shell: Promise<T>): Promise<T> =>
  Promise.all([shell, import('../i18n/load-panel-strings').then((m) => m.loadPanelStrings())]).then(
    ([module]) => module,
  );

/**
 * The panel's routes, the single table later issues extend (spec §2). Each page is its own chunk
 * (`lazy`), so the sign-in page does not carry the shell, the settings pages or headless UI.
 * A path listed in PATHS but not here is shown disabled in navigation (see availability.ts).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <Splash />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: () => import('../components/auth/auth-layout').then((m) => ({ Component: m.AuthLayout })),
        children: [
          {
            path: PATHS.signIn,
            lazy: () => import('../pages/auth/sign-in-page').then((m) => ({ Component: m.SignInPage })),
          },
          {
            path: PATHS.signUp,
            lazy: () => import('../pages/auth/sign-up-page').then((m) => ({ Component: m.SignUpPage })),
          },
        ],
      },
      {
        // "Forgot password" and the emailed reset link (issue 35): the sign-in frame, open to a
        // signed-in visitor too (the profile links here; a reset link may open in a signed-in browser).
        lazy: () => import('../pages/auth/password-layout').then((m) => ({ Component: m.PasswordLayout })),
        children: [
          {
            path: PATHS.forgotPassword,
            lazy: () =>
              import('../pages/auth/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
          },
          {
            path: PATHS.resetPassword,
            lazy: () =>
              import('../pages/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
          },
        ],
      },
      {
        path: PATHS.githubCallback,
        lazy: () =>
          import('../pages/auth/github-callback-page').then((m) => ({ Component: m.GithubCallbackPage })),
      },
      {
        path: PATHS.verifyToken,
        lazy: () => import('../pages/auth/verify-token-page').then((m) => ({ Component: m.VerifyTokenPage })),
      },
      {
        lazy: () =>
          withPanelStrings(import('../components/layout/public-shell')).then((m) => ({
            Component: m.PublicShell,
          })),
        children: [
          {
            path: PATHS.callbackError,
            lazy: () =>
              import('../pages/auth/error-callback-page').then((m) => ({ Component: m.ErrorCallbackPage })),
          },
          {
            path: PATHS.verifyEmail,
            lazy: () =>
              import('../pages/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
          },
          {
            path: PATHS.vpl,
            lazy: () =>
              import('../pages/verify-purchase-page').then((m) => ({ Component: m.VerifyPurchasePage })),
          },
          {
            path: '*',
            lazy: () => import('../pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
          },
        ],
      },
      {
        lazy: () =>
          withPanelStrings(import('../components/layout/protected-shell')).then((m) => ({
            Component: m.ProtectedShell,
          })),
        children: [
          {
            // A page that fails keeps the header and its navigation around the error page.
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                lazy: () => import('../pages/home-page').then((m) => ({ Component: m.HomePage })),
              },
              {
                path: PATHS.scans,
                lazy: () => import('../pages/scans/scans-page').then((m) => ({ Component: m.ScansPage })),
              },
              {
                path: `${PATHS.scans}/:scanId`,
                lazy: () =>
                  import('../pages/scans/detail/scan-detail-page').then((m) => ({
                    Component: m.ScanDetailPage,
                  })),
              },
              {
                // Where an alert's tracker issue points (issue 34): opens the finding's scan run.
                path: '/vulnerabilities/:vulnId',
                lazy: () =>
                  import('../pages/scans/detail/finding-link-page').then((m) => ({
                    Component: m.FindingLinkPage,
                  })),
              },
              {
                path: PATHS.assets,
                lazy: () =>
                  withAssetGroupStrings(import('../pages/assets/assets-layout')).then((m) => ({
                    Component: m.AssetsLayout,
                  })),
                children: [
                  { index: true, element: <Navigate to={PATHS.assetGroups} replace /> },
                  {
                    path: 'groups',
                    lazy: () =>
                      import('../pages/assets/groups/groups-page').then((m) => ({ Component: m.GroupsPage })),
                  },
                  {
                    path: 'inventory',
                    lazy: () =>
                      import('../pages/assets/inventory/inventory-page').then((m) => ({
                        Component: m.InventoryPage,
                      })),
                  },
                  {
                    path: 'technologies',
                    lazy: () =>
                      import('../pages/assets/technologies/technologies-page').then((m) => ({
                        Component: m.TechnologiesPage,
                      })),
                  },
                ],
              },
              {
                path: `${PATHS.assets}/:groupId`,
                lazy: () =>
                  withAssetGroupStrings(import('../pages/assets/group/group-page')).then((m) => ({
                    Component: m.GroupPage,
                  })),
              },
              {
                path: `${PATHS.assets}/:groupId/loading`,
                lazy: () =>
                  withAssetGroupStrings(import('../pages/assets/loading/loading-page')).then((m) => ({
                    Component: m.LoadingPage,
                  })),
              },
              {
                path: `${PATHS.scans}/:scanId/loading`,
                lazy: () =>
                  import('../pages/scans/progress/scan-progress-page').then((m) => ({
                    Component: m.ScanProgressPage,
                  })),
              },
              {
                path: PATHS.templates,
                handle: { fullWidth: true } satisfies RouteHandle,
                lazy: () =>
                  import('../pages/templates/templates-page').then((m) => ({ Component: m.TemplatesPage })),
              },
              {
                path: PATHS.workers,
                lazy: () =>
                  import('../pages/workers/workers-page').then((m) => ({ Component: m.WorkersPage })),
              },
              {
                // Every finding of the workspace (issue 32).
                path: PATHS.findings,
                lazy: () =>
                  import('../pages/findings/findings-page').then((m) => ({ Component: m.FindingsPage })),
              },
              {
                // Reports of the workspace (issue 33).
                path: PATHS.reports,
                lazy: () =>
                  import('../pages/reports/reports-page').then((m) => ({ Component: m.ReportsPage })),
              },
              {
                path: `${PATHS.workers}/:workerId`,
                lazy: () => import('../pages/workers/worker-page').then((m) => ({ Component: m.WorkerPage })),
              },
              {
                path: PATHS.settings,
                lazy: () =>
                  import('../pages/settings/settings-layout').then((m) => ({ Component: m.SettingsLayout })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      import('../pages/settings/profile-page').then((m) => ({ Component: m.ProfilePage })),
                  },
                  {
                    path: 'teams/:id?',
                    lazy: () =>
                      import('../pages/settings/teams-page').then((m) => ({ Component: m.TeamsPage })),
                  },
                  {
                    // Days to fix per severity of the current workspace (issue 32).
                    path: 'findings',
                    lazy: () =>
                      import('../pages/settings/findings-settings-page').then((m) => ({
                        Component: m.FindingsSettingsPage,
                      })),
                  },
                  {
                    path: 'support',
                    lazy: () =>
                      import('../pages/settings/support-page').then((m) => ({ Component: m.SupportPage })),
                  },
                  {
                    path: 'support/:id',
                    lazy: () =>
                      import('../pages/settings/ticket-page').then((m) => ({ Component: m.TicketPage })),
                  },
                  {
                    path: 'billing',
                    lazy: () =>
                      import('../pages/settings/billing-page').then((m) => ({ Component: m.BillingPage })),
                  },
                  {
                    path: 'order-history',
                    lazy: () =>
                      import('../pages/settings/order-history-page').then((m) => ({
                        Component: m.OrderHistoryPage,
                      })),
                  },
                  {
                    path: 'alerts',
                    lazy: () =>
                      import('../pages/settings/alerts/alerts-page').then((m) => ({
                        Component: m.AlertsPage,
                      })),
                  },
                  {
                    path: 'notifications',
                    lazy: () =>
                      import('../pages/settings/notifications-page').then((m) => ({
                        Component: m.NotificationsPage,
                      })),
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
