import { DashboardSummary } from '../components/DashboardSummary';
import { DeliberationBanner } from '../components/DeliberationBanner';
import { LoadError } from '../components/LoadError';
import { SaveStatus } from '../components/SaveStatus';
import { UndoBanner } from '../components/UndoBanner';
import { deferred } from '../components/deferred';
import { StarBoard } from '../components/StarBoard';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { useDeliberation, useJudgeSelf } from '../hooks/use-judge-data';
import { useJudgeGate } from '../hooks/use-judge-gate';
import { useJudgeRealtime } from '../hooks/use-judge-realtime';
import { JudgeLogout } from '../components/JudgeLogout';

// Drag and drop (dnd-kit) loads only with the dashboard's ranking board: the live page never needs it.
const RankingBoard = deferred(
  () => import('../components/RankingBoard'),
  (module) => module.RankingBoard,
  { what: 'the ranking board' },
);

/** `/judge`: the judge's home: next project, stats, rankings or stars. */
export function JudgeDashboardPage() {
  const gate = useJudgeGate();
  // Fetched in parallel with the gate check (the route's loader started both).
  const self = useJudgeSelf();
  const deliberation = useDeliberation();
  useJudgeRealtime();
  const name = self.data?.name;
  const isTrackJudge = (self.data?.track ?? '') !== '';

  const ready = gate.status === 'ready' && name !== undefined;
  // A failed refetch keeps the last answer on screen (poor Wi-Fi): an error only without one.
  const loadError = gate.status === 'error' ? gate.error : name === undefined ? self.error : '';
  const retry = () => {
    gate.retry();
    void self.refetch();
  };

  return (
    <Page heading={ready ? `Welcome, ${name}` : 'Judging'} title="Judging" logout={<JudgeLogout />}>
      {loadError !== '' && <LoadError error={loadError} onRetry={retry} />}
      {!ready && loadError === '' && <LoadingScreen inPlace />}
      {ready && (
        <div className="judge-dashboard">
          <UndoBanner />
          <DashboardSummary deliberation={deliberation} />
          {deliberation && <DeliberationBanner />}
          <SaveStatus />
          {isTrackJudge ? <StarBoard locked={deliberation} /> : <RankingBoard locked={deliberation} />}
        </div>
      )}
    </Page>
  );
}
