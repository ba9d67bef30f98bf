import { Page } from '../../components/Page';

/** `/judge/live`: the project being judged, with its timer. */
export function JudgeLivePage() {
  return <Page heading="Live Judging" back="/judge" />;
}
