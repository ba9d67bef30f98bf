import type { CriteriaScores, Results, ResultsProject } from '@podium/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupRendered, render } from '../../test/render';
import { ResultsBody } from './ResultsBody';

afterEach(cleanupRendered);

function project(name: string, location: number, seen: number, contender = false): ResultsProject {
  return {
    id: `id-${name}`,
    name,
    location,
    active: true,
    prioritized: false,
    rank: location,
    rank_score: seen > 0 ? 1 / location : 0,
    score: 0,
    seen,
    stars: 0,
    flags: 0,
    last_activity: 0,
    odds: {
      p_first: 0.5,
      p_top: 0.5,
      rank_low: 1,
      rank_high: 3,
      score_low: -1,
      score_high: 1,
      contender,
      open: contender ? ['first'] : [],
      more_looks: contender ? 8 : null,
    },
  };
}

function results(projects: ResultsProject[]): Results {
  return {
    generated_at: 0,
    places: 10,
    samples: 2000,
    sd_scale: 1,
    max_looks: 20,
    projects,
    judges: [],
    tracks: [],
  };
}

const rowNames = (container: HTMLElement) =>
  [...container.querySelectorAll('.results-table__name')].map((cell) => cell.textContent);

describe('ResultsBody', () => {
  it('says nothing was judged yet instead of ranking projects in table order', async () => {
    const container = await render(
      <ResultsBody
        results={results([project('Kiln', 1, 0), project('Mesh', 2, 0)])}
        criteria={null}
        projector={false}
        deliberation={false}
      />,
    );
    expect(container.textContent).toContain('No project has been judged yet.');
    expect(container.querySelector('.results-table')).toBeNull();
    expect(container.querySelector('.results-unseen summary')?.textContent).toBe('Not judged yet (2)');
  });

  it('ranks the judged projects and lists the unseen ones apart, by table', async () => {
    const container = await render(
      <ResultsBody
        results={results([project('Seen', 3, 2), project('Later', 2, 0), project('Earlier', 1, 0)])}
        criteria={null}
        projector={false}
        deliberation={false}
      />,
    );
    expect(rowNames(container)).toEqual(['Seen']);
    expect([...container.querySelectorAll('.results-unseen li')].map((li) => li.textContent)).toEqual([
      'Table 1 Earlier',
      'Table 2 Later',
    ]);
  });

  it('marks the looks contenders need while judging, not during deliberation', async () => {
    const body = (deliberation: boolean) => (
      <ResultsBody
        results={results([project('Close call', 1, 3, true)])}
        criteria={null}
        projector={false}
        deliberation={deliberation}
      />
    );
    expect((await render(body(false))).textContent).toContain('needs ~8 more looks');
    await cleanupRendered();
    const during = await render(body(true));
    expect(during.textContent).not.toContain('more looks');
    expect(during.querySelector('.results-table__contender')).toBeNull();
  });
});

describe('ResultsBody with criteria (issue 34)', () => {
  const scores: CriteriaScores = {
    criteria: [{ id: 'c1', name: 'Impact', description: '', weight: 1, scale: 5 }],
    basis: 'both',
    projects: [
      {
        id: 'id-Seen',
        criteria: { c1: { count: 2, mean: 4.5, calibrated: 4.2, sd: 0.4 } },
        weighted: { mean: 87.5, calibrated: 80, sd: 10 },
      },
      {
        id: 'id-Unscored',
        criteria: { c1: { count: 0, mean: null, calibrated: null, sd: 1 } },
        weighted: { mean: null, calibrated: null, sd: 25 },
      },
    ],
    judges: [{ id: 'j1', leniency: 0.42, spread: 0.8, count: 2 }],
  };
  const withJudge = (): Results => ({
    ...results([project('Seen', 1, 2), project('Unscored', 2, 1)]),
    judges: [
      {
        id: 'j1',
        name: 'Ada',
        active: true,
        seen: 2,
        last_activity: 0,
        ranked: 2,
        comparisons: 1,
        reliability: 1,
        agreement: 1,
        worth_a_word: false,
        pace: [],
        replaced: false,
        judgments_count: true,
      },
    ],
  });

  it('shows each scored project calibrated and by mean, what the ranking rests on, and the judges’ habits', async () => {
    const container = await render(
      <ResultsBody results={withJudge()} criteria={scores} projector={false} deliberation={false} />,
    );
    const section = container.querySelector('[aria-labelledby="results-criteria"]') as HTMLElement;
    expect(section.textContent).toContain(
      "rests on the judges' rankings and their calibrated scores together",
    );
    const rows = [...section.querySelectorAll('tbody tr')].map((row) => row.textContent);
    expect(rows).toEqual(['Seen80%88%4.2 (mean 4.5)', 'Ada2+0.40.80']);
    // The habits are the model's estimates, not points a judge gave: said so above their table.
    expect(section.textContent).toContain('Both are estimates from the scores so far');
    expect(section.textContent).toContain('the judge scores the same project above the average judge');
  });

  it("says what the ranking rests on in the ranking's own words too, and marks a hidden project", async () => {
    const hidden = withJudge();
    hidden.projects[0] = { ...(hidden.projects[0] as ResultsProject), active: false, odds: null };
    const container = await render(
      <ResultsBody
        results={hidden}
        criteria={{ ...scores, basis: 'criteria' }}
        projector={false}
        deliberation={false}
      />,
    );
    const ranking = container.querySelector('[aria-labelledby="results-ranking"]') as HTMLElement;
    expect(ranking.querySelector('.results-note')?.textContent).toContain(
      "best first by the judges' calibrated scores alone",
    );
    expect(ranking.querySelector('.results-how p')?.textContent).toContain(
      "The order is by rank_score, the weighted calibrated score of the general judges' criterion scores",
    );
    expect(ranking.textContent).not.toContain('ranking (a judge');
    const criteria = container.querySelector('[aria-labelledby="results-criteria"]') as HTMLElement;
    expect(criteria.querySelector('tbody tr th')?.textContent).toBe('SeenHidden');
  });

  it('leaves the judges’ habits off the projector', async () => {
    const container = await render(
      <ResultsBody results={withJudge()} criteria={scores} projector deliberation={false} />,
    );
    expect(container.textContent).not.toContain('scoring habits');
    expect(container.querySelector('[aria-labelledby="results-criteria"] tbody tr')?.textContent).toContain(
      'Seen',
    );
  });
});
