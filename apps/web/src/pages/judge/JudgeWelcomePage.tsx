import { Page } from '../../components/Page';

/** `/judge/welcome`: instructions and the three confirmations before judging. */
export function JudgeWelcomePage() {
  return <Page heading="Welcome" logout />;
}
