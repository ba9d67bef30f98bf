/** Authentication: login bodies, the token, and the exact 401 texts of API.md §2. */
import { z } from 'zod';
import { LOGIN_GUARD_ACTIONS } from './constants.js';
import { maybeString, requiredChoice, requiredString } from './fields.js';
import { INVALID_LOGIN_GUARD_ACTION } from './messages.js';

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

/**
 * `POST /judge/login` (3.1): the code is not trimmed here; R1 removes all its whitespace. `proof`
 * (docs/api-extensions.md) comes from the emailed or printed login link: with it, the code's login
 * passes the guessing guard and the per-address limit (R69, R70c).
 */
export const JudgeLoginRequest = z.object({ code: requiredString('code'), proof: maybeString('proof') });
export type JudgeLoginRequest = z.input<typeof JudgeLoginRequest>;

/** Token (4.9): the judge's Bearer token, issued by `POST /judge/login` only (2.1). */
export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

/** `POST /admin/login` (3.1): checks the password, issues nothing (2.2). */
export const AdminLoginRequest = z.object({ password: requiredString('password') });
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;

/**
 * The guard against code guessing from many addresses (R70c, docs/security.md): whether it is on
 * (the failed code logins of all addresses used up its allowance), whether the organizer blocked
 * logins by code alone, and the failed judge logins behind it.
 */
export const LoginGuardStatus = z.object({
  active: z.boolean(),
  /** Logins by code alone are refused; logins with the link's proof still pass. */
  blocked: z.boolean(),
  /** Failed judge logins in the per-address windows still open (R69: each lasts 60 s). */
  failures_last_minute: z.int().min(0),
  /** Distinct client addresses with a failed judge login in the last minute (IPv6 per /64). */
  addresses_last_minute: z.int().min(0),
});
export type LoginGuardStatus = z.infer<typeof LoginGuardStatus>;

/**
 * `GET /admin/login-proofs` (docs/api-extensions.md): each judge's login-link proof by judge ID,
 * for the printed cards, whose links must pass the guard like the emailed ones.
 */
export const LoginProofs = z.record(z.string(), z.string());
export type LoginProofs = z.infer<typeof LoginProofs>;

/** `POST /admin/login-guard` (docs/api-extensions.md): the organizer ends the guard or blocks code logins. */
export const LoginGuardActionRequest = z.object({
  action: requiredChoice('action', LOGIN_GUARD_ACTIONS, INVALID_LOGIN_GUARD_ACTION),
});
export type LoginGuardActionRequest = z.input<typeof LoginGuardActionRequest>;

/** `POST /admin/session` (R70b): the admin password, exchanged for a session token. */
export const AdminSessionRequest = z.object({ password: requiredString('password') });
export type AdminSessionRequest = z.input<typeof AdminSessionRequest>;

/** The session token that stands in for the admin password for 24 hours (R70b). */
export const AdminSessionResponse = z.object({ session: z.string() });
export type AdminSessionResponse = z.infer<typeof AdminSessionResponse>;
