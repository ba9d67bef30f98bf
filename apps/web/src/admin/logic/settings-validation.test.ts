import { RESULTS_BASIS_INVALID, SETTINGS_ERRORS } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import {
  formatList,
  formatTimer,
  parseAutoSwitchProp,
  parseGroupNames,
  parseGroupSizes,
  parseIgnoreTracks,
  parseMaxRequests,
  parseMinViews,
  parseNumGroups,
  parseResultsBasis,
  parseSwitchingMode,
  parseTimer,
  parseTrackViews,
  parseTracks,
  parseWholeNumber,
  splitList,
} from './settings-validation';

const refused = (error: string) => ({ ok: false, error });
const accepted = <T>(value: T) => ({ ok: true, value });

describe('timer MM:SS (product spec §5, §9; R87)', () => {
  it('reads minutes and two-digit seconds', () => {
    expect(parseTimer('5:00')).toEqual(accepted(300));
    expect(parseTimer('05:30')).toEqual(accepted(330));
    expect(parseTimer(' 0:45 ')).toEqual(accepted(45));
    expect(parseTimer('90:00')).toEqual(accepted(5400));
    expect(parseTimer('+1:01')).toEqual(accepted(61));
  });

  it('blank and 0 mean no timer; a bare whole number is minutes', () => {
    expect(parseTimer('')).toEqual(accepted(0));
    expect(parseTimer('   ')).toEqual(accepted(0));
    expect(parseTimer('0')).toEqual(accepted(0));
    expect(parseTimer('00:00')).toEqual(accepted(0));
    expect(parseTimer('-0:00')).toEqual(accepted(0));
    expect(parseTimer('5')).toEqual(accepted(300));
  });

  it('refuses what is not a number as a bad format', () => {
    for (const text of ['abc', '5:xx', ':30', '5:', '1:2:3', '1.5', '5 00', '1e3', '0x10', '1:-30']) {
      expect(parseTimer(text), text).toEqual(refused(SETTINGS_ERRORS.timerFormat));
    }
  });

  it('refuses seconds of 60 or more and one-digit seconds as a bad format', () => {
    expect(parseTimer('1:75')).toEqual(refused(SETTINGS_ERRORS.timerFormat));
    expect(parseTimer('0:60')).toEqual(refused(SETTINGS_ERRORS.timerFormat));
    expect(parseTimer('1:5')).toEqual(refused(SETTINGS_ERRORS.timerFormat));
    expect(parseTimer('1:059')).toEqual(refused(SETTINGS_ERRORS.timerFormat));
  });

  it('refuses a negative time', () => {
    expect(parseTimer('-1:00')).toEqual(refused(SETTINGS_ERRORS.timerNegative));
    expect(parseTimer('-0:30')).toEqual(refused(SETTINGS_ERRORS.timerNegative));
    expect(parseTimer('-5')).toEqual(refused(SETTINGS_ERRORS.timerNegative));
  });

  it('refuses a time too large to be a safe integer', () => {
    expect(parseTimer('999999999999999999:00')).toEqual(refused(SETTINGS_ERRORS.timerFormat));
  });

  it('formats stored seconds back to MM:SS', () => {
    expect(formatTimer(300)).toBe('05:00');
    expect(formatTimer(330)).toBe('05:30');
    expect(formatTimer(0)).toBe('00:00');
    expect(formatTimer(5400)).toBe('90:00');
    for (const seconds of [0, 59, 61, 300, 3599, 7200]) {
      expect(parseTimer(formatTimer(seconds))).toEqual(accepted(seconds));
    }
  });
});

describe('whole numbers', () => {
  it('parses decimal digits with an optional sign only', () => {
    expect(parseWholeNumber(' 42 ')).toBe(42);
    expect(parseWholeNumber('-7')).toBe(-7);
    expect(parseWholeNumber('-0')).toBe(0);
    expect(Object.is(parseWholeNumber('-0'), 0)).toBe(true);
    for (const text of ['', ' ', '3.0', '3.5', '1e2', '0x1', 'abc', '3a', '9007199254740993']) {
      expect(parseWholeNumber(text), text).toBeNull();
    }
  });

  it('min views: a whole number ≥ 0', () => {
    expect(parseMinViews('0')).toEqual(accepted(0));
    expect(parseMinViews('4')).toEqual(accepted(4));
    for (const text of ['', '-1', '2.5', 'three']) {
      expect(parseMinViews(text), text).toEqual(refused(SETTINGS_ERRORS.minViews));
    }
  });

  it('max logins per minute: a whole number ≥ 0 (0 blocks after one failure, R69)', () => {
    expect(parseMaxRequests('0')).toEqual(accepted(0));
    expect(parseMaxRequests('100')).toEqual(accepted(100));
    for (const text of ['', '-5', '1.5', 'many']) {
      expect(parseMaxRequests(text), text).toEqual(refused(SETTINGS_ERRORS.maxReqs));
    }
  });

  it('number of groups: a whole number ≥ 1', () => {
    expect(parseNumGroups('1')).toEqual(accepted(1));
    expect(parseNumGroups('12')).toEqual(accepted(12));
    for (const text of ['', '0', '-2', '2.5', 'two']) {
      expect(parseNumGroups(text), text).toEqual(refused(SETTINGS_ERRORS.numGroups));
    }
  });
});

describe('auto switch proportion', () => {
  it('accepts decimals from 0 to 1', () => {
    expect(parseAutoSwitchProp('0')).toEqual(accepted(0));
    expect(parseAutoSwitchProp('0.1')).toEqual(accepted(0.1));
    expect(parseAutoSwitchProp('.25')).toEqual(accepted(0.25));
    expect(parseAutoSwitchProp('1')).toEqual(accepted(1));
    expect(parseAutoSwitchProp(' 1.0 ')).toEqual(accepted(1));
  });

  it('refuses anything else', () => {
    for (const text of ['', '-0.1', '1.01', '2', 'abc', '1e-1', '0,5', '.']) {
      expect(parseAutoSwitchProp(text), text).toEqual(refused(SETTINGS_ERRORS.autoSwitchProp));
    }
  });
});

describe('switching mode', () => {
  it("is 'auto' or 'manual'", () => {
    expect(parseSwitchingMode('auto')).toEqual(accepted('auto'));
    expect(parseSwitchingMode('manual')).toEqual(accepted('manual'));
    expect(parseSwitchingMode('Auto')).toEqual(refused(SETTINGS_ERRORS.switchingMode));
    expect(parseSwitchingMode('')).toEqual(refused(SETTINGS_ERRORS.switchingMode));
  });
});

describe('results basis (issue 34)', () => {
  it("is 'both', 'rankings' or 'criteria'", () => {
    for (const basis of ['both', 'rankings', 'criteria'])
      expect(parseResultsBasis(basis)).toEqual(accepted(basis));
    expect(parseResultsBasis('Both')).toEqual(refused(RESULTS_BASIS_INVALID));
    expect(parseResultsBasis('')).toEqual(refused(RESULTS_BASIS_INVALID));
  });
});

describe('lists', () => {
  it('split on commas and trim each entry; a blank field is empty', () => {
    expect(splitList(' a , b,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('a,,b')).toEqual(['a', '', 'b']);
    expect(splitList('  ')).toEqual([]);
    expect(formatList(['AI/ML', 'Health'])).toBe('AI/ML, Health');
    expect(formatList([30, 30])).toBe('30, 30');
  });

  it('tracks: trimmed, blanks dropped, repeats refused', () => {
    expect(parseTracks(' AI/ML , Health.Tech ')).toEqual(accepted(['AI/ML', 'Health.Tech']));
    expect(parseTracks('AI, , Web,')).toEqual(accepted(['AI', 'Web']));
    expect(parseTracks('')).toEqual(accepted([]));
    expect(parseTracks(' , ')).toEqual(accepted([]));
    expect(parseTracks('AI, Web, AI ')).toEqual(refused(SETTINGS_ERRORS.trackNamesUnique));
    // Case-sensitive (R56): these are two tracks.
    expect(parseTracks('ai, AI')).toEqual(accepted(['ai', 'AI']));
  });

  it('track views: whole numbers ≥ 1, one per track', () => {
    expect(parseTrackViews('2, 4', 2)).toEqual(accepted([2, 4]));
    expect(parseTrackViews('', 0)).toEqual(accepted([]));
    for (const text of ['0, 3', '2, -1', '2, x', '2.5, 3', '2,,3', '2,']) {
      expect(parseTrackViews(text, 2), text).toEqual(refused(SETTINGS_ERRORS.trackViews));
    }
    expect(parseTrackViews('3', 2)).toEqual(refused(SETTINGS_ERRORS.trackViewsCount));
    expect(parseTrackViews('3, 3, 3', 2)).toEqual(refused(SETTINGS_ERRORS.trackViewsCount));
    expect(parseTrackViews('', 1)).toEqual(refused(SETTINGS_ERRORS.trackViewsCount));
  });

  it('group sizes: whole numbers ≥ 1, one per group', () => {
    expect(parseGroupSizes('30, 30, 30', 3)).toEqual(accepted([30, 30, 30]));
    for (const text of ['30, 0, 30', '30, -5, 30', 'a, b, c', '30,,30']) {
      expect(parseGroupSizes(text, 3), text).toEqual(refused(SETTINGS_ERRORS.groupSizes));
    }
    expect(parseGroupSizes('30, 30', 3)).toEqual(refused(SETTINGS_ERRORS.groupSizesCount));
    expect(parseGroupSizes('', 3)).toEqual(refused(SETTINGS_ERRORS.groupSizesCount));
  });

  it('group names: non-empty, one per group; emptiness is checked first', () => {
    expect(parseGroupNames(' North , South ', 2)).toEqual(accepted(['North', 'South']));
    expect(parseGroupNames('North, , South', 3)).toEqual(refused(SETTINGS_ERRORS.groupNamesEmpty));
    expect(parseGroupNames('North,', 1)).toEqual(refused(SETTINGS_ERRORS.groupNamesEmpty));
    expect(parseGroupNames('North, South', 3)).toEqual(refused(SETTINGS_ERRORS.groupNamesCount));
    expect(parseGroupNames('', 1)).toEqual(refused(SETTINGS_ERRORS.groupNamesCount));
  });

  it('ignore tracks: non-empty names; an empty list is allowed', () => {
    expect(parseIgnoreTracks('Sponsor A, Sponsor B')).toEqual(accepted(['Sponsor A', 'Sponsor B']));
    expect(parseIgnoreTracks('')).toEqual(accepted([]));
    expect(parseIgnoreTracks('Sponsor A,, B')).toEqual(refused(SETTINGS_ERRORS.trackNamesEmpty));
    expect(parseIgnoreTracks('Sponsor A,')).toEqual(refused(SETTINGS_ERRORS.trackNamesEmpty));
  });
});
