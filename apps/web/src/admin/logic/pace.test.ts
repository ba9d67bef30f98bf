import { describe, expect, it } from 'vitest';
import { paceBadge, paceExplanation, visitLength } from './pace';

describe('pace texts', () => {
  it('names the marks in one badge', () => {
    expect(paceBadge([])).toBe('');
    expect(paceBadge(['short-visits'])).toBe('Fast visits');
    expect(paceBadge(['short-visits', 'many-skips'])).toBe('Fast visits · Many skips');
    expect(paceBadge(['many-conflicts'])).toBe('Many conflicts');
  });

  it('writes visit lengths as m:ss', () => {
    expect(visitLength(0)).toBe('0:00');
    expect(visitLength(20_000)).toBe('0:20');
    expect(visitLength(305_400)).toBe('5:05');
  });

  it('explains each mark with the judge’s figures', () => {
    expect(
      paceExplanation(
        'short-visits',
        { median_visit_ms: 20_000, skip_share: 0, skipped: 0, finished: 3, said_conflicts: 0 },
        300,
      ),
    ).toBe(
      'Visits far shorter than the judging timer: the median visit is under a third of it (median 0:20 of a 5:00 timer).',
    );
    expect(
      paceExplanation('many-skips', {
        median_visit_ms: null,
        skip_share: 0.6,
        skipped: 3,
        finished: 2,
        said_conflicts: 0,
      }),
    ).toBe('Skips far more projects than the other judges (3 of 5 visits).');
    expect(
      paceExplanation('many-conflicts', {
        median_visit_ms: null,
        skip_share: 0,
        skipped: 0,
        finished: 1,
        said_conflicts: 19,
      }),
    ).toBe(
      'Said "I know this team" at 19 projects: conflicts of interest can steer which projects the judge gets. Actions → Refuse conflicts gives them back.',
    );
    expect(paceExplanation('many-skips')).toBe('Skips far more projects than the other judges.');
  });
});
