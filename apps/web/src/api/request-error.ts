import { PARSE_ERROR } from './client';

/**
 * What to do when the answer was not the server's JSON: most often a venue Wi-Fi's sign-in page
 * answering for it (the phone shows it as online, and nothing else says why nothing works).
 */
const NOT_FROM_SERVER_HINT =
  'The answer did not come from the judging server: if the Wi-Fi asks you to sign in, do so, then try again.';

/** The hint after an error text (as a sentence of its own), when the error says the answer was not the server's. */
export function withNotFromServerHint(text: string, error: string): string {
  if (error !== PARSE_ERROR) return text;
  return `${text.endsWith('.') ? text : `${text}.`} ${NOT_FROM_SERVER_HINT}`;
}

/** The shared text for a request the server refused or that never arrived (product spec §8). */
export function requestErrorText(status: number, error: string): string {
  return withNotFromServerHint(`Error sending request to server (Status ${status}): ${error}`, error);
}
