import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, PARSE_ERROR } from './client';
import { requestErrorText, withNotFromServerHint } from './request-error';

describe('request error texts', () => {
  it("say the spec's text for the server's refusals and for no answer", () => {
    expect(requestErrorText(500, 'internal server error')).toBe(
      'Error sending request to server (Status 500): internal server error',
    );
    expect(requestErrorText(404, NETWORK_ERROR)).toBe(
      'Error sending request to server (Status 404): Network connection issue',
    );
  });

  it("add what to do when the answer was not the server's (a Wi-Fi sign-in page)", () => {
    expect(requestErrorText(200, PARSE_ERROR)).toBe(
      'Error sending request to server (Status 200): Error parsing response. The answer did not come from the ' +
        'judging server: if the Wi-Fi asks you to sign in, do so, then try again.',
    );
    expect(withNotFromServerHint('Could not load this page: Error parsing response.', PARSE_ERROR)).toBe(
      'Could not load this page: Error parsing response. The answer did not come from the judging server: if ' +
        'the Wi-Fi asks you to sign in, do so, then try again.',
    );
  });
});
