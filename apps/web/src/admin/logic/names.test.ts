import { describe, expect, it } from 'vitest';
import { looseName, tracksNoProjectNames } from './names';

describe('looseName', () => {
  it('drops case, spaces and punctuation, keeping letters of any script and digits', () => {
    expect(looseName('Health.Tech')).toBe(looseName('health tech'));
    expect(looseName('Try It link')).toBe('tryitlink');
    expect(looseName('Ünïcode Prize 2')).toBe('ünïcodeprize2');
  });
});

describe('tracksNoProjectNames', () => {
  const challenges = ['AI/ML', 'Health.Tech', 'Fintech'];

  it('passes the tracks some project names, exactly', () => {
    expect(tracksNoProjectNames(['AI/ML', 'Fintech'], challenges)).toEqual([]);
  });

  it('lists the others, with the challenge spelled almost alike when there is one', () => {
    expect(tracksNoProjectNames(['AI/ML', 'Health Tech', 'Robotics', 'ai-ml'], challenges)).toEqual([
      { track: 'Health Tech', likely: 'Health.Tech' },
      { track: 'Robotics' },
      { track: 'ai-ml', likely: 'AI/ML' },
    ]);
  });
});
