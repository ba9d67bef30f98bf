import { describe, expect, it } from 'vitest';
import { makeFlag, makeJudge, makeProject } from '../dashboard/test-fixtures';
import { floorLooks } from './floor-look';

const at = (table: number) => ({ table, x: 0, y: 0, area: '' });

describe('floorLooks', () => {
  const projects = [
    makeProject('a', { location: 1, seen: 0 }),
    makeProject('b', { location: 2, seen: 2 }),
    makeProject('c', { location: 3, seen: 3 }),
    makeProject('d', { location: 4, seen: 1 }),
    makeProject('e', { location: 5, active: false }),
    makeProject('f', { location: 6, seen: 0, track_seen: { AI: 2 } }),
    makeProject('g', { location: 7, seen: 3, name: 'Gamma' }),
  ];
  const judges = [
    makeJudge('j', { current: 'b', name: 'Ada' }),
    makeJudge('k', { current: 'c', active: false }),
  ];
  const flags = [
    makeFlag('x', 'd', { reason: 'absent' }),
    makeFlag('y', 'c', { reason: 'busy' }),
    makeFlag('z', 'g', { reason: 'cannot-demo' }),
    makeFlag('w', 'g', { reason: 'offensive' }),
    makeFlag('v', 'g', { reason: 'absent' }),
  ];
  const look = floorLooks({ projects, judges, flags, target: 3, track: '' });

  it('colours views against the target with a text badge too', () => {
    expect(look(at(1))).toMatchObject({ tone: 'none', badge: '0/3', judge: false, dashed: false });
    expect(look(at(2))).toMatchObject({ tone: 'low', badge: '2/3', judge: true });
    expect(look(at(2)).title).toContain('judged now by Ada');
    // A hidden judge is nowhere; a busy skip is not a problem to show.
    expect(look(at(3))).toMatchObject({ tone: 'done', badge: '✓3', judge: false, dashed: false });
  });

  it('marks absent or flagged tables dashed with "!", hidden ones grey, empty tables plain', () => {
    expect(look(at(4))).toMatchObject({ tone: 'low', badge: '!', dashed: true });
    expect(look(at(5))).toMatchObject({ tone: 'muted', badge: 'hidden', dashed: true });
    expect(look(at(7))).toMatchObject({ tone: 'done', badge: '!', dashed: true });
    expect(look(at(9))).toMatchObject({ tone: 'plain', badge: '–' });
  });

  it('says in words why a table needs checking, and nothing for the others', () => {
    expect(look(at(4)).check).toBe('Table 4, Project d: absent');
    expect(look(at(5)).check).toBe('Table 5, Project e: hidden');
    expect(look(at(7)).check).toBe("Table 7, Gamma: absent, flagged (Can't Demo, Offensive)");
    for (const table of [1, 2, 3, 9]) expect(look(at(table)).check).toBeUndefined();
  });

  it("counts a track's views when a track is chosen", () => {
    expect(floorLooks({ projects, judges, flags, target: 2, track: 'AI' })(at(6))).toMatchObject({
      tone: 'done',
      badge: '✓2',
    });
  });
});
