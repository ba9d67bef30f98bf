import { FEEDBACK_MAX_CHARS } from '@podium/protocol';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_COUNT_FROM, feedbackLeftText } from './feedback';

describe('the feedback for the team', () => {
  it('counts the characters left only near the limit', () => {
    expect(feedbackLeftText('')).toBe('');
    expect(feedbackLeftText('x'.repeat(FEEDBACK_MAX_CHARS - FEEDBACK_COUNT_FROM - 1))).toBe('');
    expect(feedbackLeftText('x'.repeat(FEEDBACK_MAX_CHARS - FEEDBACK_COUNT_FROM))).toBe(
      '200 characters left',
    );
    expect(feedbackLeftText('x'.repeat(FEEDBACK_MAX_CHARS - 1))).toBe('1 character left');
    expect(feedbackLeftText('x'.repeat(FEEDBACK_MAX_CHARS))).toBe('0 characters left');
  });
});
