/** The feedback for the team in the Done dialog (issue 35): at most FEEDBACK_MAX_CHARS characters. */
import { FEEDBACK_MAX_CHARS } from '@podium/protocol';

/** From how many characters left the dialog counts them down. */
export const FEEDBACK_COUNT_FROM = 200;

/**
 * `150 characters left` near the limit, else '' (a count under every keystroke would only
 * distract). In UTF-16 units, as the field's `maxLength` and the server count them (the server
 * counts the trimmed text: never more).
 */
export function feedbackLeftText(feedback: string): string {
  const left = FEEDBACK_MAX_CHARS - feedback.length;
  if (left > FEEDBACK_COUNT_FROM) return '';
  return `${left} ${left === 1 ? 'character' : 'characters'} left`;
}
