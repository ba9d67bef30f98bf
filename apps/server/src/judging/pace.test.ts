import { describe, expect, it } from 'vitest';
import { PACE_MIN_SAID_CONFLICTS } from '@podium/protocol';
import { judgesPace, type EndedVisit } from './pace.js';

const TIMER = 300_000; // 5 minutes

const visits = (judge: string, outcome: EndedVisit['outcome'], ...lengths: number[]): EndedVisit[] =>
  lengths.map((length) => ({ judge, outcome, length }));

describe('judgesPace', () => {
  it('marks a judge whose median finished visit is under a third of the timer', () => {
    const pace = judgesPace(
      ['fast', 'steady'],
      [
        ...visits('fast', 'finished', 20_000, 30_000, 500_000),
        ...visits('steady', 'finished', 240_000, 260_000, 280_000),
      ],
      TIMER,
    );
    expect(pace.get('fast')).toEqual({
      finished: 3,
      skipped: 0,
      medianVisitMs: 30_000,
      skipShare: 0,
      saidConflicts: 0,
      marks: ['short-visits'],
    });
    expect(pace.get('steady')?.marks).toEqual([]);
  });

  it('needs three finished visits, a timer, and a median strictly under a third', () => {
    expect(judgesPace(['j'], visits('j', 'finished', 1_000, 1_000), TIMER).get('j')?.marks).toEqual([]);
    expect(judgesPace(['j'], visits('j', 'finished', 1_000, 1_000, 1_000), 0).get('j')?.marks).toEqual([]);
    expect(
      judgesPace(['j'], visits('j', 'finished', 100_000, 100_000, 100_000), TIMER).get('j')?.marks,
    ).toEqual([]);
    expect(judgesPace(['j'], visits('j', 'finished', 99_999, 99_999, 99_999), TIMER).get('j')?.marks).toEqual(
      ['short-visits'],
    );
  });

  it('takes the middle pair’s mean for an even count', () => {
    expect(judgesPace(['j'], visits('j', 'finished', 10, 20, 40, 1_000), TIMER).get('j')?.medianVisitMs).toBe(
      30,
    );
  });

  it('marks a judge skipping far more than the others, with at least three skips', () => {
    const others = [
      ...visits('a', 'finished', TIMER, TIMER, TIMER, TIMER),
      ...visits('a', 'skipped', 0),
      ...visits('b', 'finished', TIMER, TIMER, TIMER, TIMER),
    ];
    const skipper = [...visits('s', 'finished', TIMER, TIMER), ...visits('s', 'skipped', 0, 0, 0)];
    const pace = judgesPace(['a', 'b', 's'], [...others, ...skipper], TIMER);
    expect(pace.get('s')).toMatchObject({ finished: 2, skipped: 3, skipShare: 0.6, marks: ['many-skips'] });
    expect(pace.get('a')?.marks).toEqual([]);
    // Two skips are too few to say anything, whatever the share.
    expect(
      judgesPace(['a', 's'], [...others, ...visits('s', 'skipped', 0, 0)], TIMER).get('s')?.marks,
    ).toEqual([]);
  });

  it('does not mark a skipper when everyone skips as much', () => {
    const all = ['a', 'b'].flatMap((judge) => [
      ...visits(judge, 'finished', TIMER, TIMER),
      ...visits(judge, 'skipped', 0, 0, 0),
    ]);
    expect([...judgesPace(['a', 'b'], all, TIMER).values()].map((pace) => pace.marks)).toEqual([[], []]);
  });

  it('gives a judge without visits zeros and no mark, and ignores visits of judges not asked about', () => {
    expect(judgesPace(['new'], visits('gone', 'skipped', 0, 0, 0), TIMER).get('new')).toEqual({
      finished: 0,
      skipped: 0,
      medianVisitMs: null,
      skipShare: 0,
      saidConflicts: 0,
      marks: [],
    });
  });

  it('marks a judge who said at least PACE_MIN_SAID_CONFLICTS conflicts, whatever its visits', () => {
    const said = new Map([
      ['few', PACE_MIN_SAID_CONFLICTS - 1],
      ['many', PACE_MIN_SAID_CONFLICTS],
    ]);
    const pace = judgesPace(['few', 'many', 'none'], visits('many', 'finished', TIMER), TIMER, said);
    expect(pace.get('many')).toMatchObject({
      saidConflicts: PACE_MIN_SAID_CONFLICTS,
      marks: ['many-conflicts'],
    });
    expect(pace.get('few')).toMatchObject({ saidConflicts: PACE_MIN_SAID_CONFLICTS - 1, marks: [] });
    expect(pace.get('none')).toMatchObject({ saidConflicts: 0, marks: [] });
  });
});
