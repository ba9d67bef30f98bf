import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Header } from '../../components/Header';
import { DeliberationBanner } from '../../components/judge/DeliberationBanner';
import { LoadError } from '../../components/judge/LoadError';
import { ProjectNotes } from '../../components/judge/ProjectNotes';
import { ProjectDescription, ProjectHeading } from '../../components/judge/ProjectHeading';
import { StarToggle } from '../../components/judge/StarToggle';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useJudgeGate } from '../../hooks/use-judge-gate';
import { useJudgeRealtime } from '../../hooks/use-judge-realtime';
import { usePageTitle } from '../../hooks/use-page-title';
import { useJudgeStore } from '../../stores/judge.store';

/** `/judge/project/:id`: a judged project, its notes and star. */
export function JudgeProjectPage() {
  const { id = '' } = useParams();
  const gate = useJudgeGate();
  const project = useJudgeStore((state) => state.judge?.seen_projects.find((p) => p.project_id === id));
  const deliberation = useJudgeStore((state) => state.deliberation);
  const refresh = useJudgeStore((state) => state.refresh);
  const loadProject = useJudgeStore((state) => state.loadProject);
  const setStarred = useJudgeStore((state) => state.setStarred);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  usePageTitle(project?.name ?? 'Project');
  // A refetch is one more attempt of the load below: the judge and this project.
  useJudgeRealtime({ refetch: () => setAttempt((n) => n + 1) });

  // The judge (outbox, deliberation) and the project itself, in parallel with the gate.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const failures = await Promise.all([refresh(), loadProject(id)]);
      const failure = failures.find((f) => f !== null);
      if (!cancelled) setError(failure ? failure.error : '');
    })();
    return () => {
      cancelled = true;
    };
  }, [id, refresh, loadProject, attempt]);

  const loadError = gate.status === 'error' ? gate.error : error;
  const retry = () => {
    gate.retry();
    setAttempt((n) => n + 1);
  };

  let content;
  if (loadError !== '' && !project) content = <LoadError error={loadError} onRetry={retry} />;
  else if (gate.status !== 'ready' || !project) content = <LoadingScreen />;
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
