import { InsecureConnectionNotice } from '../../components/InsecureConnectionNotice';
import { Page } from '../../components/Page';

/** `/judge/login`: a judge signs in with their judging code. */
export function JudgeLoginPage() {
  return (
    <Page heading="Judge Login">
      <InsecureConnectionNotice />
    </Page>
  );
}
