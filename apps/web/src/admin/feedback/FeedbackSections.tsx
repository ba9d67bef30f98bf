import type { FeedbackEntry, FeedbackList } from '@podium/protocol';
import { useId, useState } from 'react';
import type { ProjectFeedback } from '../logic/feedback';
import { feedbackByProject, feedbackSummary, releaseHint, SET_ASIDE_MARK } from '../logic/feedback';
import { SettingToggle } from '../settings/SettingToggle';
import { releaseFeedback, setFeedbackHidden } from './feedback-actions';

/** The one switch that lets every team read its feedback, with what it means now. */
export function FeedbackRelease({ list }: { list: FeedbackList | undefined }) {
  return (
    <section className="card feedback-release" aria-labelledby="feedback-release-heading">
      <h2 id="feedback-release-heading" className="feedback-release__heading">
        Release to teams
      </h2>
      <SettingToggle
        label="Teams can read their feedback"
        hint={list ? releaseHint(list.released) : undefined}
        checked={list ? list.released : null}
        save={releaseFeedback}
        success={(on) =>
          on ? 'Feedback released: teams see it on their status page.' : 'Feedback withdrawn: teams see none.'
        }
      />
    </section>
  );
}

/** Every judge's feedback, project by project in table order, each one hidden or shown here. */
export function FeedbackProjects({ list }: { list: FeedbackList }) {
  const projects = feedbackByProject(list.feedback);
  return (
    <>
      <p className="feedback-summary" role="status">
        {feedbackSummary(list.feedback)}
      </p>
      {projects.map((project) => (
        <ProjectFeedbackCard key={project.project_id} project={project} />
      ))}
    </>
  );
}

function ProjectFeedbackCard({ project }: { project: ProjectFeedback }) {
  const headingId = useId();
  return (
    <section className="card feedback-project" aria-labelledby={headingId}>
      <h2 id={headingId} className="feedback-project__heading">
        Table {project.table}: {project.project_name}
      </h2>
      <ul className="feedback-project__list">
        {project.entries.map((entry) => (
          <FeedbackItem key={entry.judge_id} entry={entry} />
        ))}
      </ul>
    </section>
  );
}

/**
 * One judge's text; each reason it does not reach the team is said (hidden here, or its judge
 * replaced with judgments set aside), and the button says what it will do.
 */
function FeedbackItem({ entry }: { entry: FeedbackEntry }) {
  const [busy, setBusy] = useState(false);
  const flip = async () => {
    setBusy(true);
    await setFeedbackHidden(entry, !entry.hidden);
    setBusy(false);
  };
  const withheld = entry.hidden || entry.set_aside;
  return (
    <li className={`feedback-item${withheld ? ' feedback-item--withheld' : ''}`}>
      <div className="feedback-item__body">
        <p className="feedback-item__judge">
          {entry.judge_name}
          {entry.hidden && <span className="row-badge">Hidden from the team</span>}
          {entry.set_aside && <span className="row-badge row-badge--wraps">{SET_ASIDE_MARK}</span>}
        </p>
        <p className="feedback-item__text">{entry.text}</p>
      </div>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={busy}
        onClick={() => void flip()}
      >
        {entry.hidden ? 'Show' : 'Hide'}
        <span className="visually-hidden">{` ${entry.judge_name}’s feedback for ${entry.project_name}`}</span>
      </button>
    </li>
  );
}
