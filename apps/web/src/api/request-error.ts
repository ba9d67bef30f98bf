import { PARSE_ERROR } from './client';

/**
 * What to do when the answer was not the server's JSON: most often a venue Wi-Fi's sign-in page
 * answering for it (the phone shows it as online, and nothing else says why nothing works).
 */
export const NOT_FROM_SERVER_HINT =
  'The answer did not come from the judging server: if the Wi-Fi asks you to sign in, do so, then try again.';

/** The hint after an error text, when the error says the answer was not the server's. */
export function withNotFromServerHint(text: string, error: string): string {
  return error === PARSE_ERROR ? `${text} ${NOT_FROM_SERVER_HINT}` : text;
}

/** The shared text for a request the server refused or that never arrived (product spec §8). */
export function requestErrorText(status: number, error: string): string {
  return withNotFromServerHint(`Error sending request to server (Status ${status}): ${error}`, error);
}
