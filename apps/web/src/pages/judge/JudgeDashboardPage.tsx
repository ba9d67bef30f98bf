import { Page } from '../../components/Page';

/** `/judge`: the judge's home: next project, stats, rankings or stars. */
export function JudgeDashboardPage() {
  return <Page heading="Judging" logout />;
}
