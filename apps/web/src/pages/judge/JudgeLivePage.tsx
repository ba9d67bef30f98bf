import { useEffect } from 'react';
import { Header } from '../../components/Header';
import { LiveBlocked } from '../../components/judge/LiveBlocked';
import { LiveProjectView } from '../../components/judge/LiveProjectView';
import { LoadError } from '../../components/judge/LoadError';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useJudgeGate } from '../../hooks/use-judge-gate';
import { useJudgeRealtime } from '../../hooks/use-judge-realtime';
import { usePageTitle } from '../../hooks/use-page-title';
import { useJudgeLiveStore } from '../../stores/judge-live.store';
import { isVisitEnd, useJudgeSyncStore } from '../../stores/judge-sync.store';

/** `/judge/live`: the project being judged, with its timer, or why there is none. */
export function JudgeLivePage() {
  usePageTitle('Live Judging');
  const gate = useJudgeGate();
  const phase = useJudgeLiveStore((state) => state.phase);
  const block = useJudgeLiveStore((state) => state.block);
  const isTrackJudge = useJudgeLiveStore((state) => state.isTrackJudge);
  const error = useJudgeLiveStore((state) => state.error);
  const refresh = useJudgeLiveStore((state) => state.refresh);
  const alarm = useJudgeLiveStore((state) => state.alarm);
  const reset = useJudgeLiveStore((state) => state.reset);
  const refetch = useJudgeLiveStore((state) => state.refetch);
  useJudgeRealtime({ refetch, live: true });
  // A finish or skip saved on the phone has reached the server: now the next project can come.
  const waitingForOutbox = useJudgeSyncStore((state) => state.pending.some(isVisitEnd));
  useEffect(() => {
    if (!waitingForOutbox && block === 'waiting') refetch();
  }, [waitingForOutbox, block, refetch]);

  // Only after the gate: the start flow may assign a project (POST /judge/next).
  useEffect(() => {
    if (gate.status === 'ready') void refresh();
  }, [gate.status, refresh]);
  // A later visit starts from the server's state, not from this visit's clock and popups.
  useEffect(() => reset, [reset]);

  let content;
  if (gate.status === 'error') content = <LoadError error={gate.error} onRetry={gate.retry} />;
  else if (gate.status === 'checking' || phase === 'loading') content = <LoadingScreen />;
  else if (phase === 'error') content = <LoadError error={error} onRetry={() => void refresh()} />;
  else if (phase === 'blocked' && block) content = <LiveBlocked reason={block} isTrackJudge={isTrackJudge} />;
  else content = <LiveProjectView />;

  return (
    <>
      <Header back="/judge" />
      <main className="page judge-live-page" data-phase={phase} data-alarm={alarm ? 'on' : 'off'}>
        {content}
      </main>
    </>
  );
}
