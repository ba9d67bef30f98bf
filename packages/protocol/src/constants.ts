/** Constants of the contract that both sides need. */

/** Every API route lives under this prefix (API.md 1.1). */
export const API_BASE = '/api';

/** Cookie names (product spec §3, §9). */
export const JUDGE_TOKEN_COOKIE = 'token';
export const ADMIN_PASSWORD_COOKIE = 'admin-pass';
/** Cookie lifetime in seconds (product spec §9). */
export const COOKIE_MAX_AGE_S = 86_400;

/** Product name shown in headers; the tagline is the event name. */
export const PRODUCT_NAME = 'Podium';
/** Default `EVENT_NAME` (API.md §7), shown as the tagline. */
export const DEFAULT_EVENT_NAME = 'Test Hackathon Judging';

/** Request body limit (API.md 1.2): 10 MB, whole body. */
export const MAX_BODY_BYTES = 10_485_760;
export const BODY_TOO_LARGE_MESSAGE = 'request too large (limit 10 MB)';
export const NOT_FOUND_MESSAGE = 'not found';
export const INTERNAL_ERROR_MESSAGE = 'internal server error';
/** The 429 text of judge login and admin authentication (R68–R70a). */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Logins have been blocked or rate limited.';
