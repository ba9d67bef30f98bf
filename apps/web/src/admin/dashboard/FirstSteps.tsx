/**
 * A new event's first step (issue 32): while it has no projects or no judges, the dashboard leads
 * with adding them, as primary buttons; Start Judging waits as a secondary one.
 */
import { endpoints } from '@podium/protocol';
import { Link } from 'react-router-dom';
import { useShownData } from './dashboard-queries';

/** What the event still lacks: null until both lists are known. */
export function useMissingSetup(): { projects: boolean; judges: boolean } | null {
  // As the tables read them: mounted before the tables, a reader of its own fetched each twice.
  const projects = useShownData(endpoints.projectList);
  const judges = useShownData(endpoints.judgeList);
  if (!projects || !judges) return null;
  return { projects: projects.length === 0, judges: judges.length === 0 };
}

/** True while the event lacks projects or judges: nothing to judge yet. */
export function useEventNotReady(): boolean {
  const missing = useMissingSetup();
  return missing !== null && (missing.projects || missing.judges);
}

interface Step {
  key: 'projects' | 'judges';
  label: string;
  to: string;
  how: string;
}

const STEPS: readonly Step[] = [
  {
    key: 'projects',
    label: 'Add projects',
    to: '/admin/add-projects',
    how: "Upload your hackathon platform's export or a CSV, or add them one by one.",
  },
  {
    key: 'judges',
    label: 'Add judges',
    to: '/admin/add-judges',
    how: 'Upload a CSV of names and emails, add them one by one, or share a QR code.',
  },
];

export function FirstSteps() {
  const missing = useMissingSetup();
  if (missing === null || (!missing.projects && !missing.judges)) return null;
  return (
    <section className="card first-steps" aria-labelledby="first-steps-heading">
      <h2 id="first-steps-heading">Set up your event</h2>
      <p>Judging can start once the event has projects and judges.</p>
      <ol className="first-steps__list">
        {STEPS.map((step) => (
          <li key={step.key} className="first-steps__step">
            {missing[step.key] ? (
              <>
                <Link to={step.to} className="btn btn--primary">
                  {step.label}
                </Link>
                <span>{step.how}</span>
              </>
            ) : (
              <span className="first-steps__done">
                {step.label}: done. <Link to={step.to}>Add more</Link>
              </span>
            )}
          </li>
        ))}
        <li className="first-steps__step">
          <span>Then press Start Judging above.</span>
        </li>
      </ol>
    </section>
  );
}
