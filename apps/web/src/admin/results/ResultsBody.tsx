import type { Results } from '@podium/protocol';
import { JudgesTable } from './JudgesTable';
import { RankingTable } from './RankingTable';
import { TracksSection } from './TracksSection';

/** The three sections; the print view shows them too, the projector leaves out the judges. */
export function ResultsBody({ results, projector }: { results: Results; projector: boolean }) {
  const time = new Date(results.generated_at).toLocaleTimeString();
  return (
    <>
      <section className="stack" aria-labelledby="results-ranking">
        <h2 id="results-ranking">General ranking</h2>
        <p className="results-note">
          By rank_score, as of {time}. The interval is where a project's place lies with 90% probability;
          P(top {results.places}) and P(first) come from {results.samples} draws of the fitted model.
          Contenders are the projects whose prize is still open.
        </p>
        <RankingTable results={results} />
      </section>
      {!projector && (
        <section className="stack" aria-labelledby="results-judges">
          <h2 id="results-judges">Judges</h2>
          <p className="results-note">
            Reliability 1 is the typical judge; the marked judges' rankings disagree with the others' most.
            Admin only: never show this to judges.
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
