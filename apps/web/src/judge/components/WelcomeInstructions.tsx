import type { CriteriaList } from '@podium/protocol';
import { UNDO_WINDOW_MS } from '@podium/protocol';

/**
 * The event's criteria before the judge's first pitch (issue 34): the judge listens for what it
 * will score. Scales are said once when every criterion shares one.
 */
function CriteriaStep({ criteria, required }: CriteriaList) {
  const scale = criteria[0]!.scale;
  const sameScale = criteria.every((criterion) => criterion.scale === scale);
  return (
    <li>
      When you press <strong>Done</strong>, score the project{sameScale && ` from 1 to ${scale}`} on{' '}
      {required ? 'each criterion' : 'the criteria you can judge (you may leave one out)'}:
      <ul className="judge-welcome__criteria">
        {criteria.map((criterion) => (
          <li key={criterion.id}>
            <strong>{criterion.name}</strong>
            {!sameScale && ` (1 to ${criterion.scale})`}
            {criterion.description !== '' && `: ${criterion.description}`}
          </li>
        ))}
      </ul>
      Use the whole scale: each judge&apos;s scores are compared with that judge&apos;s other scores, so a
      strict or a generous judge neither helps nor hurts a team.
    </li>
  );
}

/** How judging works (product spec §2 "Judge welcome"), in the order a judge meets each step. */
export function WelcomeInstructions({ criteria }: { criteria: CriteriaList }) {
  return (
    <section className="card judge-welcome" aria-labelledby="judge-welcome-how">
      <p className="page__lead">Thank you for judging! Here is how it works.</p>
      <h2 id="judge-welcome-how">How judging works</h2>
      <ol className="judge-welcome__steps">
        <li>
          Press <strong>Next Project</strong> to get a project and its location. Go to its table and listen to
          the team&apos;s pitch.
        </li>
        <li>
          Take personal notes as you go, and star the projects that stand out. Your notes stay private; when
          you press <strong>Done</strong> you may also add feedback for the team, shown to it without your
          name once the organizers share it.
        </li>
        {criteria.criteria.length > 0 && <CriteriaStep {...criteria} />}
        <li>
          On your dashboard, rank each project against the others you have seen (track judges star their
          favourites instead).
        </li>
        <li>
          If the team is busy with another judge, press <strong>Skip</strong> and choose Busy: it does not
          hurt their rating, and you can see them later.
        </li>
        <li>
          If a team is absent, skip it as <strong>Absent</strong>. <strong>Flag</strong> a team that cannot
          demo its project or that you suspect of cheating.
        </li>
        <li>
          If you know the team (a friend, a colleague, a former student), press <strong>Skip</strong> and
          choose <strong>I know this team</strong>: you will not be given it again, and it is no mark against
          the team.
        </li>
        <li>
          Pressed <strong>Done</strong> or <strong>Skip</strong> by mistake? Press <strong>Undo</strong>{' '}
          within {UNDO_WINDOW_MS / 60_000} minutes.
        </li>
      </ol>
    </section>
  );
}
