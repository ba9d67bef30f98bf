import { lazy, Suspense, useEffect } from 'react';
import { DashboardSummary } from '../../components/judge/DashboardSummary';
import { DeliberationBanner } from '../../components/judge/DeliberationBanner';
import { LoadError } from '../../components/judge/LoadError';
import { SaveStatus } from '../../components/judge/SaveStatus';
import { StarBoard } from '../../components/judge/StarBoard';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { useJudgeGate } from '../../hooks/use-judge-gate';
import { useJudgeRealtime } from '../../hooks/use-judge-realtime';
import { useJudgeStore } from '../../stores/judge.store';

// Drag and drop (dnd-kit) loads only with the dashboard's ranking board: the live page never needs it.
const RankingBoard = lazy(async () => ({
  default: (await import('../../components/judge/RankingBoard')).RankingBoard,
}));

/** `/judge`: the judge's home: next project, stats, rankings or stars. */
export function JudgeDashboardPage() {
  const gate = useJudgeGate();
  const name = useJudgeStore((state) => state.judge?.name);
  const isTrackJudge = useJudgeStore((state) => (state.judge?.track ?? '') !== '');
  const deliberation = useJudgeStore((state) => state.deliberation);
  const status = useJudgeStore((state) => state.status);
  const error = useJudgeStore((state) => state.error);
  const refresh = useJudgeStore((state) => state.refresh);

  // Fetched in parallel with the gate check: one round trip less on slow Wi-Fi.
  useEffect(() => {
    void refresh();
  }, [refresh]);
  useJudgeRealtime({ refetch: () => void refresh() });

  const ready = gate.status === 'ready' && name !== undefined;
  const loadError = gate.status === 'error' ? gate.error : status === 'error' ? error : '';
  const retry = () => {
    gate.retry();
    void refresh();
  };

  return (
    <Page heading={ready ? `Welcome, ${name}` : 'Judging'} title="Judging" logout>
      {loadError !== '' && <LoadError error={loadError} onRetry={retry} />}
      {!ready && loadError === '' && <LoadingScreen />}
      {ready && (
        <div className="judge-dashboard">
          <DashboardSummary />
          {deliberation && <DeliberationBanner />}
          <SaveStatus />
          {isTrackJudge ? (
            <StarBoard locked={deliberation} />
          ) : (
            <Suspense fallback={<LoadingScreen />}>
              <RankingBoard locked={deliberation} />
            </Suspense>
          )}
        </div>
      )}
    </Page>
  );
}
