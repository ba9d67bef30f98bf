import { Page } from '../../components/Page';

/** `/admin`: the command center: clock, stats, projects and judges. */
export function AdminDashboardPage() {
  return <Page heading="Admin" admin logout />;
}
