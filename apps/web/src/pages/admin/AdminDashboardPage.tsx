import { AdminGate } from '../../components/AdminGate';
import { Page } from '../../components/Page';
import { Dashboard } from './dashboard/Dashboard';

/** `/admin`: the command center: clock, stats, coverage, projects and judges, live. */
export function AdminDashboardPage() {
  return (
    <Page heading="Admin" admin logout>
      <AdminGate>
        <Dashboard />
      </AdminGate>
    </Page>
  );
}
