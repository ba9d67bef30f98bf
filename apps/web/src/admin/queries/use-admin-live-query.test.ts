import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR, PARSE_ERROR } from '../../api/client';
import { RequestFailed } from '../../queries/query-client';
import { isTransientFailure, retryDelayMs } from './use-admin-live-query';

const failed = (status: number, error: string) => new RequestFailed({ status, error, data: null });

describe('the admin dashboard first-load retry', () => {
  it("retries what the server may get over by itself: no answer or not the server's, 5xx, rate limit", () => {
    expect(isTransientFailure(failed(404, NETWORK_ERROR))).toBe(true);
    // A Wi-Fi sign-in page answering for the server.
    expect(isTransientFailure(failed(200, PARSE_ERROR))).toBe(true);
    expect(isTransientFailure(failed(503, 'Service Unavailable'))).toBe(true);
    expect(isTransientFailure(failed(429, 'Too many requests'))).toBe(true);
  });

  it('does not retry a refusal: a wrong session, a missing route, bad input', () => {
    expect(isTransientFailure(failed(401, 'Unauthorized'))).toBe(false);
    expect(isTransientFailure(failed(404, 'Not Found'))).toBe(false);
    expect(isTransientFailure(failed(400, 'bad input'))).toBe(false);
    expect(isTransientFailure(new Error('a bug in a component'))).toBe(false);
  });

  it('waits 1, 2, 4, 8 seconds, then every 10', () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});
