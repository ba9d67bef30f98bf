import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { LoadingScreen } from './components/LoadingScreen';
import { Notices } from './components/Notices';
import { UpdateBanner } from './components/UpdateBanner';
import { ErrorPage } from './pages/ErrorPage';
import { prefetchJudgePage } from './judge/queries/reads';
import { queryClient } from './queries/query-client';

// One chunk per portal: a judge's phone never downloads the admin screens.
const publicPortal = () => import('./public');
const judgePortal = () => import('./judge');
const adminPortal = () => import('./admin');
const expoPortal = () => import('./expo');
const teamPortal = () => import('./team');

/** A route whose screen comes from a lazily loaded portal module. */
function screen<M>(load: () => Promise<M>, pick: (portal: M) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/**
 * A judge route's reads start as the route resolves, together with its chunk's download (not
 * after it): on venue Wi-Fi that saves round trips before the content shows (docs/benchmarks.md).
 */
function judgeReads(page: Parameters<typeof prefetchJudgePage>[0]) {
  return ({ params }: { params: { id?: string } }) => {
    prefetchJudgePage(page, params.id);
    return null;
  };
}

function RootLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollRestoration />
      <Outlet />
      <UpdateBanner />
      <Notices />
    </QueryClientProvider>
  );
}

/** Every route of product spec §2; anything else falls to the error page. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: '/', lazy: screen(publicPortal, (m) => m.LandingPage) },
      { path: '/add-self', lazy: screen(publicPortal, (m) => m.AddSelfPage) },
      { path: '/add-self/done', lazy: screen(publicPortal, (m) => m.AddSelfDonePage) },

      { path: '/judge/login', lazy: screen(judgePortal, (m) => m.JudgeLoginPage) },
      {
        path: '/judge/welcome',
        loader: judgeReads('welcome'),
        lazy: screen(judgePortal, (m) => m.JudgeWelcomePage),
      },
      {
        path: '/judge',
        loader: judgeReads('dashboard'),
        lazy: screen(judgePortal, (m) => m.JudgeDashboardPage),
      },
      { path: '/judge/live', loader: judgeReads('live'), lazy: screen(judgePortal, (m) => m.JudgeLivePage) },
      {
        path: '/judge/project/:id',
        loader: judgeReads('project'),
        lazy: screen(judgePortal, (m) => m.JudgeProjectPage),
      },

      { path: '/admin/login', lazy: screen(adminPortal, (m) => m.AdminLoginPage) },
      { path: '/admin', lazy: screen(adminPortal, (m) => m.AdminDashboardPage) },
      { path: '/admin/settings', lazy: screen(adminPortal, (m) => m.AdminSettingsPage) },
      { path: '/admin/add-projects', lazy: screen(adminPortal, (m) => m.AddProjectsPage) },
      { path: '/admin/add-judges', lazy: screen(adminPortal, (m) => m.AddJudgesPage) },
      { path: '/admin/log', lazy: screen(adminPortal, (m) => m.AuditLogPage) },
      { path: '/admin/qr', lazy: screen(adminPortal, (m) => m.QrCodePage) },
      { path: '/admin/layout', lazy: screen(adminPortal, (m) => m.HallLayoutPage) },
      { path: '/admin/results', lazy: screen(adminPortal, (m) => m.ResultsPage) },
      { path: '/admin/judge-codes', lazy: screen(adminPortal, (m) => m.JudgeCodesPage) },
      { path: '/admin/table-cards', lazy: screen(adminPortal, (m) => m.TableCardsPage) },

      { path: '/expo', lazy: screen(expoPortal, (m) => m.ExpoPage) },
      { path: '/expo/:track', lazy: screen(expoPortal, (m) => m.ExpoPage) },

      { path: '/team/:code', lazy: screen(teamPortal, (m) => m.TeamStatusPage) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
