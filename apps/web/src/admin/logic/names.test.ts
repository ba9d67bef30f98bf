import { describe, expect, it } from 'vitest';
import { looseName, namesNotIn } from './names';

describe('looseName', () => {
  it('drops case, spaces and punctuation, keeping letters of any script and digits', () => {
    expect(looseName('Health.Tech')).toBe(looseName('health tech'));
    expect(looseName('Try It link')).toBe('tryitlink');
    expect(looseName('Ünïcode Prize 2')).toBe('ünïcodeprize2');
  });
});

describe('namesNotIn', () => {
  const challenges = ['AI/ML', 'Health.Tech', 'Fintech'];

  it('passes the names the list has, exactly', () => {
    expect(namesNotIn(['AI/ML', 'Fintech'], challenges)).toEqual([]);
  });

  it('lists the others, with the challenge spelled almost alike when there is one', () => {
    expect(namesNotIn(['AI/ML', 'Health Tech', 'Robotics', 'ai-ml'], challenges)).toEqual([
      { name: 'Health Tech', likely: 'Health.Tech' },
      { name: 'Robotics' },
      { name: 'ai-ml', likely: 'AI/ML' },
    ]);
  });
});
