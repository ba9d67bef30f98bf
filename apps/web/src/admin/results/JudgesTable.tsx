import type { ResultsJudge } from '@podium/protocol';
import { PACE_BADGES, paceExplanation } from '../logic/pace';
import { percent } from './format';
import { NumHeader, ResultsTable } from './ResultsTable';

/**
 * Each general judge's reliability (β of the fit; 1 is the typical judge) and how often the
 * consensus agrees with its comparisons. Admin only: never shown to judges, nor on the projector.
 */
export function JudgesTable({ judges }: { judges: readonly ResultsJudge[] }) {
  if (judges.length === 0) return <p>No general judges yet.</p>;
  return (
    <ResultsTable labelledBy="results-judges">
      <thead>
        <tr>
          <th scope="col">Judge</th>
          <NumHeader>Views</NumHeader>
          <NumHeader>Ranked</NumHeader>
          <NumHeader>Reliability</NumHeader>
          <NumHeader>Agrees with the others</NumHeader>
        </tr>
      </thead>
      <tbody>
        {judges.map((judge) => (
          <tr key={judge.id} data-judge-id={judge.id}>
            <th scope="row">
              <span className="results-table__name">{judge.name}</span>
              {judge.worth_a_word && (
                <span className="results-mark results-mark--contender">Worth a word before deliberation</span>
              )}
              {judge.pace.map((mark) => (
                <span
                  key={mark}
                  className="results-mark results-mark--contender"
                  title={paceExplanation(mark)}
                >
                  {PACE_BADGES[mark]}
                  <span className="visually-hidden">: {paceExplanation(mark)}</span>
                </span>
              ))}
              {judge.replaced && (
                <span className="results-mark">
                  {judge.judgments_count ? 'Replaced' : 'Replaced: rankings and stars set aside'}
                </span>
              )}
              {!judge.active && !judge.replaced && <span className="results-mark">Hidden</span>}
            </th>
            <td className="results-table__num">{judge.seen}</td>
            <td className="results-table__num">{judge.ranked}</td>
            <td className="results-table__num">{judge.reliability?.toFixed(2) ?? '–'}</td>
            <td className="results-table__num">
              {judge.agreement === null ? '–' : percent(judge.agreement)}
            </td>
          </tr>
        ))}
      </tbody>
    </ResultsTable>
  );
}
