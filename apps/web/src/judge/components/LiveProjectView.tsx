import type { ProjectSummary } from '@podium/protocol';
import { useJudgeAlarm } from '../hooks/use-judge-alarm';
import { useJudgeLiveStore } from '../stores/live.store';
import { DoneDialog } from './DoneDialog';
import { LiveActions } from './LiveActions';
import { LiveClock } from './LiveClock';
import { NotesBar } from './NotesBar';
import { ProjectDescription, ProjectHeading } from './ProjectHeading';
import { ReasonDialog } from './ReasonDialog';
import { TableMap } from './TableMap';
import { TimeUpDialog } from './TimeUpDialog';

/**
 * The project being judged: where it is first (the judge has to walk there), then the clock and
 * the actions, the description, the fixed notes field and the popups.
 */
export function LiveProjectView({ project }: { project: ProjectSummary }) {
  const startTimer = useJudgeLiveStore((state) => state.startTimer);
  const alarm = useJudgeAlarm();

  const onStart = () => {
    alarm.prime(); // inside the tap: browsers allow audio to start only from a user gesture
    startTimer();
  };

  return (
    <div className="judge-live">
      <ProjectHeading name={project.name} url={project.url} location={project.location} area={project.area} />
      <TableMap projectId={project.id} location={project.location} />
      <LiveClock onStart={onStart} />
      <LiveActions />
      <section className="judge-live__about" aria-label="Description">
        <ProjectDescription description={project.description} />
      </section>
      <NotesBar />
      <ReasonDialog kind="skip" name={project.name} />
      <ReasonDialog kind="flag" name={project.name} />
      <DoneDialog name={project.name} />
      <TimeUpDialog />
    </div>
  );
}
