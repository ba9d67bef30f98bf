import { Page } from '../../components/Page';

/** `/admin/settings`: judging parameters, tracks, groups, exports and resets. */
export function AdminSettingsPage() {
  return <Page heading="Settings" admin back />;
}
