/**
 * The server's refusals that are about one field of a form, in plain words to show next to that
 * field (the notice keeps the server's own text, as the spec's alert).
 */

export interface FieldError {
  field: string;
  text: string;
}

const RULES: readonly { match: RegExp; field: string; text: string }[] = [
  {
    match: /^invalid email: /,
    field: 'email',
    text: 'This is not a valid email address: check it for typos.',
  },
  {
    match: /^a judge with this email already exists$/,
    field: 'email',
    text: 'Another judge already uses this email.',
  },
  { match: /^name is required$/, field: 'name', text: 'Enter a name.' },
  {
    match: /^unknown track: /,
    field: 'track',
    text: 'This track is not in the settings: add it under Track Judging first.',
  },
];

/** The field a server error is about, with its plain-words text; undefined for other errors. */
export function fieldError(message: string): FieldError | undefined {
  const rule = RULES.find(({ match }) => match.test(message));
  return rule && { field: rule.field, text: rule.text };
}
