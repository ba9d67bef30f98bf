/**
 * The settings page's checks (product spec §5 "Settings", API.md R87), run before anything is
 * sent: bad input is refused with the server's own texts (`SETTINGS_ERRORS`), so the page and the
 * server never disagree. Pure functions from the text of a field to the value the API takes.
 *
 * Choices where the spec leaves room:
 * - Timer `MM:SS`: blank is 0 (no timer); `M:SS` / `MM:SS` give M × 60 + SS; a bare whole number
 *   is minutes (`0` is no timer, `5` is 5:00). Seconds are exactly two digits below 60, so
 *   `1:75` and `1:5` are `Invalid timer format!` rather than silently read as 2:15 or 1:05. A
 *   leading minus applies to the whole time and gives `Timer must be a positive number!`.
 * - Whole numbers are plain decimal digits with an optional sign (`3`, not `3.0`, `3e0` or `0x3`).
 * - Lists are comma separated and each entry is trimmed. Tracks drop blank entries (§5); the
 *   other lists refuse them, and a field left wholly blank is the empty list.
 */
import type { ResultsBasis, SwitchingMode } from '@podium/protocol';
import { RESULTS_BASES, RESULTS_BASIS_INVALID, SETTINGS_ERRORS, SWITCHING_MODES } from '@podium/protocol';
import { clockText } from '../../util/clock-text';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = <T>(error: string): Parsed<T> => ({ ok: false, error });

const WHOLE_NUMBER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const TIMER = /^([+-]?)(\d+)(?::(\d\d))?$/;

/** A whole number written in decimal digits, or null (blank, fractional, too large, not a number). */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!WHOLE_NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value || 0 : null; // `|| 0` turns -0 into 0
}

/** Comma-separated entries, each trimmed; a blank field is the empty list. */
export function splitList(text: string): string[] {
  return text.trim() === '' ? [] : text.split(',').map((entry) => entry.trim());
}

/** Seconds of a `MM:SS` timer (see the file comment for the accepted forms). */
export function parseTimer(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed === '') return ok(0);
  const match = TIMER.exec(trimmed);
  if (!match) return fail(SETTINGS_ERRORS.timerFormat);
  const [, sign, minutes = '', seconds = '00'] = match;
  const secs = Number(seconds);
  const total = Number(minutes) * 60 + secs;
  if (secs >= 60 || !Number.isSafeInteger(total)) return fail(SETTINGS_ERRORS.timerFormat);
  if (sign === '-' && total > 0) return fail(SETTINGS_ERRORS.timerNegative);
  return ok(total);
}

/** `judging_timer` seconds as the timer field shows them: `MM:SS` (minutes may exceed 59). */
export function formatTimer(seconds: number): string {
  return clockText(Math.floor(seconds));
}

/** A whole number ≥ `min`, else `message`. */
function wholeAtLeast(text: string, min: number, message: string): Parsed<number> {
  const value = parseWholeNumber(text);
  return value !== null && value >= min ? ok(value) : fail(message);
}

export const parseMinViews = (text: string) => wholeAtLeast(text, 0, SETTINGS_ERRORS.minViews);
export const parseMaxRequests = (text: string) => wholeAtLeast(text, 0, SETTINGS_ERRORS.maxReqs);
export const parseNumGroups = (text: string) => wholeAtLeast(text, 1, SETTINGS_ERRORS.numGroups);

/** A number written in decimal (`0.1`, `.25`, `1`), or null (blank, `1e3`, `0x1`, not a number). */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) || 0 : null; // `|| 0` turns -0 into 0
}

/** A decimal 0 ≤ x ≤ 1 (`0.1`, `.25`, `1`). */
export function parseAutoSwitchProp(text: string): Parsed<number> {
  const value = parseDecimal(text);
  return value !== null && value >= 0 && value <= 1 ? ok(value) : fail(SETTINGS_ERRORS.autoSwitchProp);
}

/** One of a setting's `choices`, else `message`. */
const parseChoice =
  <T extends string>(choices: readonly T[], message: string) =>
  (text: string): Parsed<T> => {
    const choice = choices.find((c) => c === text);
    return choice ? ok(choice) : fail(message);
  };

export const parseSwitchingMode = parseChoice<SwitchingMode>(SWITCHING_MODES, SETTINGS_ERRORS.switchingMode);
export const parseResultsBasis = parseChoice<ResultsBasis>(RESULTS_BASES, RESULTS_BASIS_INVALID);

/** Track names: blanks dropped (§5), then no repeats. An empty list turns every track off. */
export function parseTracks(text: string): Parsed<string[]> {
  const tracks = splitList(text).filter((track) => track !== '');
  return new Set(tracks).size === tracks.length ? ok(tracks) : fail(SETTINGS_ERRORS.trackNamesUnique);
}

/** Whole numbers ≥ 1, one per expected entry. */
function countList(text: string, count: number, each: string, mismatch: string): Parsed<number[]> {
  const values = splitList(text).map(parseWholeNumber);
  if (values.some((value) => value === null || value < 1)) return fail(each);
  return values.length === count ? ok(values as number[]) : fail(mismatch);
}

/** One view count per track, in `tracks` order. */
export const parseTrackViews = (text: string, trackCount: number) =>
  countList(text, trackCount, SETTINGS_ERRORS.trackViews, SETTINGS_ERRORS.trackViewsCount);

/** One size per group (the last one is the overflow group's, R43, but still required). */
export const parseGroupSizes = (text: string, numGroups: number) =>
  countList(text, numGroups, SETTINGS_ERRORS.groupSizes, SETTINGS_ERRORS.groupSizesCount);

/** One non-empty name per group. */
export function parseGroupNames(text: string, numGroups: number): Parsed<string[]> {
  const names = splitList(text);
  if (names.some((name) => name === '')) return fail(SETTINGS_ERRORS.groupNamesEmpty);
  return names.length === numGroups ? ok(names) : fail(SETTINGS_ERRORS.groupNamesCount);
}

/** Tracks whose projects later adds and imports skip (R89); empty names are refused. */
export function parseIgnoreTracks(text: string): Parsed<string[]> {
  const names = splitList(text);
  return names.some((name) => name === '') ? fail(SETTINGS_ERRORS.trackNamesEmpty) : ok(names);
}

/** A list as its settings field shows it. */
export const formatList = (values: readonly (string | number)[]) => values.join(', ');
