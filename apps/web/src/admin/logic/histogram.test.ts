import { describe, expect, it } from 'vitest';
import { countAtLeast, countHistogram, mean } from './histogram';

describe('coverage histogram', () => {
  it('counts items per value from 0 to the largest', () => {
    expect(countHistogram([0, 2, 2, 1, 0, 0])).toEqual([
      { value: 0, label: '0', items: 3 },
      { value: 1, label: '1', items: 1 },
      { value: 2, label: '2', items: 2 },
    ]);
  });

  it('always reaches the target value, so the minimum-views marker has a place', () => {
    const bins = countHistogram([0, 0, 1], { minValue: 3 });
    expect(bins.map((b) => b.items)).toEqual([2, 1, 0, 0]);
  });

  it('shows one empty bar for no items', () => {
    expect(countHistogram([])).toEqual([{ value: 0, label: '0', items: 0 }]);
  });

  it('collects a long tail in an open last bar', () => {
    const bins = countHistogram([0, 1, 5, 9, 40], { maxBins: 4 });
    expect(bins.map((b) => b.label)).toEqual(['0', '1', '2', '3+']);
    expect(bins.map((b) => b.items)).toEqual([1, 1, 0, 3]);
  });

  it('counts negative or fractional values in the bar below', () => {
    expect(countHistogram([-1, 1.7]).map((b) => b.items)).toEqual([1, 1]);
  });

  it('counts items at the target and averages', () => {
    expect(countAtLeast([0, 3, 4, 2], 3)).toBe(2);
    expect(mean([])).toBe(0);
    expect(mean([1, 2])).toBe(1.5);
  });
});
