import type { Results, ResultsProject } from '@podium/protocol';
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
