import { useMemo } from 'react';
import { CoverageChart } from '../components/CoverageChart';
import { ProgressChart } from '../components/ProgressChart';
import { judgeCoverage, projectCoverage, targetViews } from './coverage';
import { useJudges, useOptions, useProgress, useProjects, useTrack } from './dashboard-queries';

/**
 * Live coverage: projects by views against the minimum, judges by projects seen, and views over
 * time with the projected end of judging.
 */
export function DashboardCharts() {
  const projects = useProjects();
  const judges = useJudges();
  const options = useOptions();
  const track = useTrack();
  const target = targetViews(options, track);
  const projectData = useMemo(
    () => projectCoverage(projects ?? [], target, track),
    [projects, target, track],
  );
  const judgeData = useMemo(() => judgeCoverage(judges ?? [], track), [judges, track]);
  const progress = useProgress();
  if (!projects || !judges) return null;
  return (
    <section className="coverage" aria-labelledby="coverage-heading">
      <h2 id="coverage-heading" className="section-heading">
        Coverage{track ? `: ${track}` : ''}
      </h2>
      <div className="coverage__charts">
        <CoverageChart
          title="Projects by number of views"
          bins={projectData.bins}
          valueLabel="Views"
          itemsLabel="Projects"
          target={{ value: target, label: `min ${target}` }}
          summary={projectData.summary}
        />
        <CoverageChart
          title="Judges by projects seen"
          bins={judgeData.bins}
          valueLabel="Projects seen"
          itemsLabel="Judges"
          summary={judgeData.summary}
        />
        {progress && <ProgressChart progress={progress} track={track} />}
      </div>
    </section>
  );
}
