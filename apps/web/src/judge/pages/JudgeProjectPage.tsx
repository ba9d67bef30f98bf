import { useParams } from 'react-router-dom';
import { Header } from '../../components/Header';
import { DeliberationBanner } from '../components/DeliberationBanner';
import { LoadError } from '../components/LoadError';
import { ProjectScores } from '../components/ProjectScores';
import { ProjectNotes } from '../components/ProjectNotes';
import { ProjectDescription, ProjectHeading } from '../components/ProjectHeading';
import { StarToggle } from '../components/StarToggle';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useDeliberation, useJudgedProject, useJudgeSelf, useJudgeWrites } from '../hooks/use-judge-data';
import { useJudgeGate } from '../hooks/use-judge-gate';
import { useJudgeRealtime } from '../hooks/use-judge-realtime';
import { useFollowUndo } from '../hooks/use-judge-undo';
import { usePageTitle } from '../../hooks/use-page-title';

/** `/judge/project/:id`: a judged project, its notes and star, and its scores while the event has criteria. */
export function JudgeProjectPage() {
  const { id = '' } = useParams();
  const gate = useJudgeGate();
  // The judge (it opens the outbox), deliberation and the project, in parallel with the gate.
  useJudgeSelf();
  const deliberation = useDeliberation();
  const judged = useJudgedProject(id);
  const project = judged.data;
  const { setStarred } = useJudgeWrites();
  usePageTitle(project?.name ?? 'Project');
  useJudgeRealtime();
  // An undo queued offline may land while the judge reads a project: it leads to the live page.
  useFollowUndo();

  const loadError = gate.status === 'error' ? gate.error : judged.error;
  const retry = () => {
    gate.retry();
    void judged.refetch();
  };

  let content;
  if (loadError !== '' && !project) content = <LoadError error={loadError} onRetry={retry} />;
  else if (gate.status !== 'ready' || !project) content = <LoadingScreen inPlace />;
  else {
    content = (
      <article className="judge-project">
        <ProjectHeading name={project.name} url={project.url} location={project.location} />
        {deliberation && <DeliberationBanner />}
        <StarToggle
          starred={project.starred}
          disabled={deliberation}
          onToggle={(starred) => setStarred(project.project_id, starred)}
        />
        <ProjectScores projectId={project.project_id} locked={deliberation} />
        <ProjectNotes key={project.project_id} projectId={project.project_id} initialNotes={project.notes} />
        <section aria-label="Description">
          <ProjectDescription description={project.description} />
        </section>
      </article>
    );
  }

  return (
    <>
      <Header back="/judge" />
      <main className="page judge-project-page">{content}</main>
    </>
  );
}
