import { Page } from '../../components/Page';

/** `/add-self?code=…&track=…`: a judge adds themselves from an admin's QR code. */
export function AddSelfPage() {
  return <Page heading="Add Yourself as a Judge" />;
}
