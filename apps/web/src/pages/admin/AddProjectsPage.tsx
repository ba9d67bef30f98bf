import { Page } from '../../components/Page';

/** `/admin/add-projects`: one project by form, or many by CSV. */
export function AddProjectsPage() {
  return <Page heading="Add Projects" admin back />;
}
