import type { ComponentType, ReactNode } from 'react';
import { Component, useEffect, useRef, useState } from 'react';
import { Route, Routes, useLocation, useNavigationType, useParams } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { LoadingScreen } from './components/LoadingScreen';
import { Notices } from './components/Notices';
import { UpdateBanner } from './components/UpdateBanner';
import { ErrorPage } from './pages/ErrorPage';
import { prefetchJudgePage } from './judge/queries/reads';
import { queryClient } from './queries/query-client';
import { focusHeadingWhenShown } from './util/focus';
import { loadOnce, type LoadOnce } from './util/load-once';

// One chunk per portal, imported when one of its screens first shows (util/load-once.ts): a
// judge's phone never downloads the admin screens.
const publicPortal = loadOnce(() => import('./public'));
const judgePortal = loadOnce(() => import('./judge'));
const adminPortal = loadOnce(() => import('./admin'));
const expoPortal = loadOnce(() => import('./expo'));
const teamPortal = loadOnce(() => import('./team'));

/** The portal's module once imported; a failed import is thrown to the error boundary. */
function usePortal<M>(from: LoadOnce<M>): M | undefined {
  const [module, setModule] = useState(from.module);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (module) return;
    let current = true;
    from.load().then(
      (loaded) => current && setModule(loaded),
      (error: unknown) => current && setFailure({ error }),
    );
    return () => {
      current = false;
    };
  }, [from, module]);
  if (failure) throw failure.error;
  return module;
}

/** A screen of a lazily imported portal, with a spinner until the portal is in. */
function screen<M>(from: LoadOnce<M>, pick: (portal: M) => ComponentType): ComponentType {
  return function PortalScreen() {
    const module = usePortal(from);
    if (!module) return <LoadingScreen />;
    const Screen = pick(module);
    return <Screen />;
  };
}

/**
 * A judge screen whose reads start as it opens, together with the judge chunk's download (not
 * after it): on venue Wi-Fi that saves round trips before the content shows (docs/benchmarks.md).
 * Again on each navigation to it, as the answers may have changed.
 */
function judgeScreen(page: Parameters<typeof prefetchJudgePage>[0], Screen: ComponentType): ComponentType {
  return function JudgeScreen() {
    const { id } = useParams();
    const { key } = useLocation();
    useEffect(() => prefetchJudgePage(page, id), [id, key]);
    return <Screen />;
  };
}

/** A new page starts at its top; back and forward leave the scroll position to the browser. */
function ScrollToTopOnNavigation() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [key, navigationType]);
  return null;
}

/**
 * After a navigation in the app the new page's heading takes the focus, unless a control holds it:
 * the link or button that led there left with its page, and the browser put the focus on the
 * body, where a screen reader says nothing of the new page and the next Tab starts at the top.
 * Not on the first load, which a screen reader reads from the top.
 */
function FocusHeadingOnNavigation() {
  const { key } = useLocation();
  const shownKey = useRef(key);
  useEffect(() => {
    if (key === shownKey.current) return undefined;
    shownKey.current = key;
    return focusHeadingWhenShown();
  }, [key]);
  return null;
}

interface BoundaryProps {
  locationKey: string;
  children: ReactNode;
}

/**
 * Any error a screen throws (a failed portal import included) shows the error page, until the
 * next navigation.
 */
class ScreenErrorBoundary extends Component<BoundaryProps, { failure: { error: unknown } | null }> {
  override state: { failure: { error: unknown } | null } = { failure: null };

  static getDerivedStateFromError(error: unknown) {
    return { failure: { error } };
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failure && previous.locationKey !== this.props.locationKey)
      this.setState({ failure: null });
  }

  override render() {
    const { failure } = this.state;
    if (!failure) return this.props.children;
    return <ErrorPage detail={failure.error instanceof Error ? failure.error.message : null} />;
  }
}

const landing = screen(publicPortal, (m) => m.LandingPage);
const addSelf = screen(publicPortal, (m) => m.AddSelfPage);
const addSelfDone = screen(publicPortal, (m) => m.AddSelfDonePage);
const judgeLogin = screen(judgePortal, (m) => m.JudgeLoginPage);
const judgeWelcome = judgeScreen(
  'welcome',
  screen(judgePortal, (m) => m.JudgeWelcomePage),
);
const judgeDashboard = judgeScreen(
  'dashboard',
  screen(judgePortal, (m) => m.JudgeDashboardPage),
);
const judgeLive = judgeScreen(
  'live',
  screen(judgePortal, (m) => m.JudgeLivePage),
);
const judgeProject = judgeScreen(
  'project',
  screen(judgePortal, (m) => m.JudgeProjectPage),
);
const adminLogin = screen(adminPortal, (m) => m.AdminLoginPage);
const adminDashboard = screen(adminPortal, (m) => m.AdminDashboardPage);
const adminSettings = screen(adminPortal, (m) => m.AdminSettingsPage);
const addProjects = screen(adminPortal, (m) => m.AddProjectsPage);
const addJudges = screen(adminPortal, (m) => m.AddJudgesPage);
const auditLog = screen(adminPortal, (m) => m.AuditLogPage);
const feedback = screen(adminPortal, (m) => m.FeedbackPage);
const qrCodes = screen(adminPortal, (m) => m.QrCodePage);
const hallLayout = screen(adminPortal, (m) => m.HallLayoutPage);
const results = screen(adminPortal, (m) => m.ResultsPage);
const judgeCodes = screen(adminPortal, (m) => m.JudgeCodesPage);
const tableCards = screen(adminPortal, (m) => m.TableCardsPage);
const expo = screen(expoPortal, (m) => m.ExpoPage);
const teamStatus = screen(teamPortal, (m) => m.TeamStatusPage);

/** Every route of product spec §2, path → screen; anything else is the error page. */
const ROUTES: readonly [path: string, Screen: ComponentType][] = [
  ['/', landing],
  ['/add-self', addSelf],
  ['/add-self/done', addSelfDone],

  ['/judge/login', judgeLogin],
  ['/judge/welcome', judgeWelcome],
  ['/judge', judgeDashboard],
  ['/judge/live', judgeLive],
  ['/judge/project/:id', judgeProject],

  ['/admin/login', adminLogin],
  ['/admin', adminDashboard],
  ['/admin/settings', adminSettings],
  ['/admin/add-projects', addProjects],
  ['/admin/add-judges', addJudges],
  ['/admin/log', auditLog],
  ['/admin/feedback', feedback],
  ['/admin/qr', qrCodes],
  ['/admin/layout', hallLayout],
  ['/admin/results', results],
  ['/admin/judge-codes', judgeCodes],
  ['/admin/table-cards', tableCards],

  ['/expo', expo],
  ['/expo/:track', expo],

  ['/team/:code', teamStatus],
];

/**
 * The app inside a router (a `BrowserRouter`, or a `MemoryRouter` in tests). Declarative routes
 * rather than React Router's data router: the data router's code was 15 KiB of a judge's cold
 * load on venue Wi-Fi, for loaders this app used only to start the judge reads early
 * (docs/benchmarks.md, issue 32).
 */
export function App() {
  const { key } = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <ScrollToTopOnNavigation />
      <FocusHeadingOnNavigation />
      <ScreenErrorBoundary locationKey={key}>
        <Routes>
          {ROUTES.map(([path, Screen]) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
          <Route path="*" element={<ErrorPage detail="404 Not Found" />} />
        </Routes>
      </ScreenErrorBoundary>
      <UpdateBanner />
      <Notices />
    </QueryClientProvider>
  );
}
