import type { CriteriaScores, Results } from '@podium/protocol';
import { BASIS_TEXT, CriteriaResults } from './CriteriaResults';
import { JudgesTable } from './JudgesTable';
import { NotJudgedYet, notJudgedYet, RankingTable } from './RankingTable';
import { TracksSection } from './TracksSection';

interface ResultsBodyProps {
  results: Results;
  /** Issue 34: the criteria's scores, when the event has criteria. */
  criteria: CriteriaScores | null;
  projector: boolean;
  /** Deliberation is on: no judge looks at a project any more, so no contender needs looks. */
  deliberation: boolean;
}

/** What rank_score rests on (issue 34: the organizer's choice once criteria have scores). */
type Basis = CriteriaScores['basis'];

/** How rank_score is fitted, per basis. */
const MODEL_TEXT: Record<Basis, string> = {
  rankings:
    "a model fitted to every general judge's ranking (a judge's ranked projects beat the ones ranked below " +
    'them and the ones seen but not ranked)',
  criteria:
    "the weighted calibrated score of the general judges' criterion scores (each judge's leniency and " +
    'spread taken out)',
  both:
    "a model fitted to every general judge's ranking, combined with the weighted calibrated score of their " +
    'criterion scores, each by how sure it is',
};

/** How the ranking is made, for whoever asks: the model's names stay behind the plain words. */
function HowComputed({ results, basis }: { results: Results; basis: Basis }) {
  return (
    <details className="results-how">
      <summary>How this is computed</summary>
      <p>
        The order is by rank_score, {MODEL_TEXT[basis]}. Likely place is the 90% interval of a project's
        place; the chances of the top {results.places} and of first come from {results.samples} draws of the
        fitted model. The dashboard's Score is the Copeland count: for reference only, prizes go by Rank here.
      </p>
    </details>
  );
}

/** The three sections; the print view shows them too, the projector leaves out the judges. */
export function ResultsBody({ results, criteria, projector, deliberation }: ResultsBodyProps) {
  const time = new Date(results.generated_at).toLocaleTimeString();
  const unseen = notJudgedYet(results.projects);
  const judgedAny = unseen.length < results.projects.length;
  const basis = criteria?.basis ?? 'rankings';
  return (
    <>
      <section className="stack" aria-labelledby="results-ranking">
        <h2 id="results-ranking">General ranking</h2>
        {judgedAny ? (
          <>
            <p className="results-note">
              The judged projects, best first by{' '}
              {criteria === null ? "the judges' rankings" : BASIS_TEXT[criteria.basis]}, as of {time}. Likely
              place is where a project's place lies 9 times in 10.
              {!projector && !deliberation && ' Contenders are the projects whose prize is still open.'}
            </p>
            <HowComputed results={results} basis={basis} />
            <RankingTable results={results} showLooks={!projector && !deliberation} />
          </>
        ) : (
          <p className="results-empty">
            No project has been judged yet. The ranking appears here as judges finish projects.
          </p>
        )}
        <NotJudgedYet projects={unseen} />
      </section>
      {criteria && (
        <section className="stack" aria-labelledby="results-criteria">
          <h2 id="results-criteria">Criteria</h2>
          <CriteriaResults
            scores={criteria}
            projects={results.projects}
            judgeNames={new Map(results.judges.map((judge) => [judge.id, judge.name]))}
            projector={projector}
          />
        </section>
      )}
      {!projector && (
        <section className="stack" aria-labelledby="results-judges">
          <h2 id="results-judges">Judges</h2>
          <p className="results-note">
            Reliability 1 is the typical judge; the marked judges' rankings disagree with the others' most. A
            dash until a judge has compared two projects other judges saw too. Admin only: never show this to
            judges.
          </p>
          <JudgesTable judges={results.judges} />
        </section>
      )}
      <section className="stack" aria-labelledby="results-tracks">
        <h2 id="results-tracks">Tracks</h2>
        <TracksSection tracks={results.tracks} />
      </section>
    </>
  );
}
