import type { ProjectSummary } from '@podium/protocol';
import { endpoints } from '@podium/protocol';
import { useRef } from 'react';
import { useEndpointQuery } from '../../queries/use-endpoint-query';
import { useJudgeAlarm } from '../hooks/use-judge-alarm';
import { useScreenAwake } from '../hooks/use-screen-awake';
import { useTooTallToHold } from '../hooks/use-too-tall-to-hold';
import { useJudgeLiveStore } from '../stores/live.store';
import { DoneDialog } from './DoneDialog';
import { LiveActions } from './LiveActions';
import { LiveClock } from './LiveClock';
import { LiveNotes } from './LiveNotes';
import { ProjectDescription, ProjectHeading } from './ProjectHeading';
import { ReasonDialog } from './ReasonDialog';
import { TableMap } from './TableMap';
import { TimeUpDialog } from './TimeUpDialog';

/**
 * The project being judged: where it is first (the judge has to walk there), the notes and the
 * description, and the clock with the actions in a bar held at the bottom of the screen, so a long
 * name, the map or long notes never push them off the first screen (issue 32). With text too large
 * for that (the bar would cover most of the screen), the bar stays at the end of the page.
 */
export function LiveProjectView({ project }: { project: ProjectSummary }) {
  const startTimer = useJudgeLiveStore((state) => state.startTimer);
  const standingAt = useJudgeLiveStore((state) => state.standingAt);
  // Finishing stays allowed while judging is paused (R23); the visit's clock pauses with it.
  const judgingPaused = useEndpointQuery(endpoints.judgingStarted).data?.ok === 0;
  const alarm = useJudgeAlarm();
  useScreenAwake(useJudgeLiveStore((state) => state.countdown.status === 'running' || state.alarm));
  const bar = useRef<HTMLElement>(null);
  const barInPage = useTooTallToHold(bar);

  const onStart = () => {
    alarm.prime(); // inside the tap: browsers allow audio to start only from a user gesture
    startTimer();
  };

  return (
    <div className="judge-live">
      {judgingPaused && (
        <p className="card judge-live-notice" role="status">
          <strong>The organizers paused judging.</strong> Your timer paused with it and goes on when they
          resume (or when you tap it); you can still finish this project.
        </p>
      )}
      <ProjectHeading name={project.name} url={project.url} location={project.location} area={project.area} />
      <TableMap projectId={project.id} location={project.location} from={standingAt ?? undefined} />
      <LiveNotes />
      <section className="judge-live__about" aria-label="Description">
        <ProjectDescription description={project.description} />
      </section>
      <section
        ref={bar}
        className={`judge-live-bar${barInPage ? ' judge-live-bar--in-page' : ''}`}
        aria-label="Timer and actions"
      >
        <LiveClock onStart={onStart} />
        <LiveActions />
      </section>
      <ReasonDialog kind="skip" />
      <ReasonDialog kind="flag" />
      <DoneDialog name={project.name} />
      <TimeUpDialog />
    </div>
  );
}
