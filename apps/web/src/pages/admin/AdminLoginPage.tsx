import { InsecureConnectionNotice } from '../../components/InsecureConnectionNotice';
import { Page } from '../../components/Page';

/** `/admin/login`: an organizer signs in with the admin password. */
export function AdminLoginPage() {
  return (
    <Page heading="Admin Login" admin>
      <InsecureConnectionNotice />
    </Page>
  );
}
