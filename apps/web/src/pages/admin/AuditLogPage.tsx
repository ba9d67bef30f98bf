import { Page } from '../../components/Page';

/** `/admin/log`: the whole system log. */
export function AuditLogPage() {
  return <Page heading="Audit Log" admin back />;
}
