import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Header } from '../../components/Header';
import { LiveBlocked } from '../components/LiveBlocked';
import { LiveProjectView } from '../components/LiveProjectView';
import { LoadError } from '../components/LoadError';
import { MovedOnNotice } from '../components/MovedOnNotice';
import { UndoBanner } from '../components/UndoBanner';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useJudgeSelf } from '../hooks/use-judge-data';
import { useJudgeGate } from '../hooks/use-judge-gate';
import { useLiveScreen } from '../hooks/use-judge-live';
import { useJudgeRealtime } from '../hooks/use-judge-realtime';
import { usePageTitle } from '../../hooks/use-page-title';
import { useJudgeLiveStore } from '../stores/live.store';

/** `/judge/live`: the project being judged, with its timer, or why there is none. */
export function JudgeLivePage() {
  usePageTitle('Live Judging');
  const gate = useJudgeGate();
  const screen = useLiveScreen();
  const isTrackJudge = (useJudgeSelf().data?.track ?? '') !== '';
  const alarm = useJudgeLiveStore((state) => state.alarm);
  const reset = useJudgeLiveStore((state) => state.reset);
  const client = useQueryClient();
  useJudgeRealtime();
  // A later visit starts from the server's state, not from this visit's clock and popups.
  useEffect(() => reset, [reset]);

  let content;
  if (gate.status === 'error') content = <LoadError error={gate.error} onRetry={gate.retry} />;
  else if (gate.status === 'checking' || screen.phase === 'loading') content = <LoadingScreen inPlace />;
  else if (screen.phase === 'error')
    content = (
      // Every answer the page shows is asked again; the failed one decides what comes next.
      <LoadError error={screen.error} onRetry={() => void client.refetchQueries({ type: 'active' })} />
    );
  else if (screen.phase === 'blocked')
    content = <LiveBlocked reason={screen.block} isTrackJudge={isTrackJudge} />;
  else content = <LiveProjectView project={screen.project} />;

  return (
    <>
      <Header back="/judge" />
      <main className="page judge-live-page" data-phase={screen.phase} data-alarm={alarm ? 'on' : 'off'}>
        <UndoBanner />
        {!(screen.phase === 'blocked' && screen.block === 'hidden') && (
          <MovedOnNotice withNextProject={screen.phase !== 'blocked'} />
        )}
        {content}
      </main>
    </>
  );
}
