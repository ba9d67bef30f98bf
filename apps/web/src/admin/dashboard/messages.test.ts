import { describe, expect, it } from 'vitest';
import {
  actionErrorText,
  deletedText,
  frozenByDeliberation,
  hiddenText,
  movedToGroupText,
  movedToTableText,
  parseNonNegativeInt,
  prioritizedText,
} from './messages';

describe('alert texts', () => {
  it('uses the spec texts for single items', () => {
    expect(deletedText('projects')).toBe('project deleted successfully!');
    expect(deletedText('judges')).toBe('judge deleted successfully!');
    expect(movedToTableText(7)).toBe('Project moved to table 7 successfully!');
    expect(movedToGroupText('projects', 1, 2)).toBe('Project moved to group 2 successfully!');
    expect(movedToGroupText('judges', 1, 0)).toBe('Judge moved to group 0 successfully!');
    expect(hiddenText('projects', 1, true)).toBe('Project hidden successfully!');
  });

  it('names the scores among what deliberation freezes once the event has criteria', () => {
    expect(frozenByDeliberation(false, 'or')).toBe('rankings or stars');
    expect(frozenByDeliberation(true, 'or')).toBe('rankings, stars or scores');
    expect(frozenByDeliberation(true, 'and')).toBe('rankings, stars and scores');
  });

  it('adds the count for batches', () => {
    expect(hiddenText('judges', 3, true)).toBe('3 judges hidden successfully!');
    expect(hiddenText('projects', 2, false)).toBe('2 projects unhidden successfully!');
    expect(prioritizedText(4, true)).toBe('4 projects prioritized successfully!');
    expect(prioritizedText(1, false)).toBe('Project unprioritized successfully!');
    expect(movedToGroupText('projects', 5, 1)).toBe('5 projects moved to group 1 successfully!');
  });

  it('shows the server text of a refusal, the shared text otherwise', () => {
    expect(actionErrorText(400, 'end deliberation before resuming judging')).toBe(
      'end deliberation before resuming judging',
    );
    expect(actionErrorText(500, 'internal server error')).toBe(
      'Error sending request to server (Status 500): internal server error',
    );
  });
});

describe('move dialog numbers', () => {
  it('accepts whole numbers from 0', () => {
    expect(parseNonNegativeInt('0')).toBe(0);
    expect(parseNonNegativeInt(' 12 ')).toBe(12);
  });

  it('refuses negatives, fractions, blanks and words', () => {
    for (const raw of ['-1', '1.5', '', '  ', 'abc', '1e3', '12a'])
      expect(parseNonNegativeInt(raw)).toBeNull();
  });
});
