import { useEffect, useState, type ReactNode } from 'react';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { Dashboard } from '../dashboard/Dashboard';
import { useAdminGate } from '../hooks/use-admin-gate';
import { retryDelayMs } from '../queries/use-admin-live-query';

/**
 * The admin login check, tried again by itself with backoff while the server cannot answer (an
 * organizer opens the dashboard before the server is back): no "Try again" tap needed. A refused
 * session still goes to /admin/login.
 */
function SelfRetryingAdminGate({ children }: { children: ReactNode }) {
  const { status, error, retry } = useAdminGate();
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (status !== 'error') return;
    const timer = setTimeout(
      () => {
        setFailures((n) => n + 1);
        retry();
      },
      retryDelayMs(failures + 1),
    );
    return () => clearTimeout(timer);
  }, [status, failures, retry]);
  if (status === 'ready') return children;
  if (status === 'checking' && failures === 0) return <LoadingScreen label="Checking the admin login" />;
  return (
    <p className="page-warning" role="status">
      Cannot reach the server{error ? ` (${error})` : ''}. Trying again…
    </p>
  );
}

/** `/admin`: the command center: clock, stats, coverage, projects and judges, live. */
export function AdminDashboardPage() {
  return (
    <Page heading="Admin" admin logout>
      <SelfRetryingAdminGate>
        <Dashboard />
      </SelfRetryingAdminGate>
    </Page>
  );
}
