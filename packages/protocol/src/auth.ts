/** Authentication: login bodies, the token, and the exact 401 texts of API.md §2. */
import { z } from 'zod';
import { requiredString } from './fields.js';

/** 401 texts of the judge Bearer check (2.1), in check order. */
export const JUDGE_AUTH_ERRORS = {
  missing: 'Authorization header required with Bearer token',
  format: 'Invalid Authorization header, illegal format detected',
  emptyToken: 'Invalid Authorization header, empty token',
  unknownToken: 'Invalid Authorization header, no judge with provided token',
} as const;

/** 401 texts of the admin Basic check (2.2), in check order. */
export const ADMIN_AUTH_ERRORS = {
  missing: 'Authorization header required with Basic auth',
  format: 'Invalid Authorization header, illegal format detected',
  base64: 'Invalid Authorization header, invalid base64 encoding',
  credentials: 'Invalid Authorization header, incorrect credentials',
} as const;

/** `POST /judge/login` (3.1): the code is not trimmed here; R1 removes all its whitespace. */
export const JudgeLoginRequest = z.object({ code: requiredString('code') });
export type JudgeLoginRequest = z.input<typeof JudgeLoginRequest>;

/** Token (4.9): the judge's Bearer token, issued by `POST /judge/login` only (2.1). */
export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** `POST /admin/login` (3.1): checks the password, issues nothing (2.2). */
export const AdminLoginRequest = z.object({ password: requiredString('password') });
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;

/**
 * The guard against code guessing from many addresses (R70c): failed judge logins of the last
 * 60 seconds from all addresses together, and whether judge logins are suspended because of them.
 */
export const LoginGuardStatus = z.object({
  active: z.boolean(),
  failures_last_minute: z.int().min(0),
  /** Distinct client addresses among those failures (IPv6 counted per /64). */
  addresses_last_minute: z.int().min(0),
});
export type LoginGuardStatus = z.infer<typeof LoginGuardStatus>;

/** `POST /admin/session` (R70b): the admin password, exchanged for a session token. */
export const AdminSessionRequest = z.object({ password: requiredString('password') });
export type AdminSessionRequest = z.input<typeof AdminSessionRequest>;

/** The session token that stands in for the admin password for 24 hours (R70b). */
export const AdminSessionResponse = z.object({ session: z.string() });
export type AdminSessionResponse = z.infer<typeof AdminSessionResponse>;
