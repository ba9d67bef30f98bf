import { describe, expect, it } from 'vitest';
import { matchesWords, queryWords, searchCount, searchItems } from './search';

const projects = [
  { name: 'Équipe Verte', table: 12, tags: ['Sustainability'] },
  { name: 'Robot Chef', table: 112, tags: ['AI/ML', 'Hardware'] },
  { name: 'Route 12 Planner', table: 3, tags: [] },
];
const find = (query: string) => searchItems(projects, query, (p) => p).map((p) => p.name);

describe('table search', () => {
  it('finds by name, ignoring case and accents', () => {
    expect(find('equipe')).toEqual(['Équipe Verte']);
    expect(find('ROBOT')).toEqual(['Robot Chef']);
  });

  it('finds a table number exactly, or the number in a name', () => {
    expect(find('12')).toEqual(['Équipe Verte', 'Route 12 Planner']);
    expect(find('112')).toEqual(['Robot Chef']);
  });

  it('finds by track or challenge', () => {
    expect(find('ai/ml')).toEqual(['Robot Chef']);
    expect(find('sustain')).toEqual(['Équipe Verte']);
  });

  it('needs every word to match', () => {
    expect(find('robot hardware')).toEqual(['Robot Chef']);
    expect(find('robot sustain')).toEqual([]);
  });

  it('keeps everything for a blank query', () => {
    expect(find('   ')).toHaveLength(3);
    expect(queryWords('  ')).toEqual([]);
    expect(matchesWords({ name: 'x' }, [])).toBe(true);
  });

  it('counts what is shown', () => {
    expect(searchCount(12, 200, 'projects')).toBe('12 of 200 projects');
    expect(searchCount(200, 200, 'projects')).toBe('200 projects');
    expect(searchCount(1, 1, 'judges')).toBe('1 judge');
  });
});
