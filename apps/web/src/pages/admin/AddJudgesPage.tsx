import { Page } from '../../components/Page';

/** `/admin/add-judges`: one judge by form, many by CSV, or self-adding by QR code. */
export function AddJudgesPage() {
  return <Page heading="Add Judges" admin back />;
}
