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

/** The user part of the admin Basic credential. */
export const ADMIN_USER = 'admin';

export const JudgeLoginRequest = z.object({ code: requiredString('code') });
export type JudgeLoginRequest = z.input<typeof JudgeLoginRequest>;

export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const AdminLoginRequest = z.object({ password: requiredString('password') });
export type AdminLoginRequest = z.input<typeof AdminLoginRequest>;

export const INVALID_ADMIN_PASSWORD = 'Invalid admin password';
export const INVALID_JUDGE_CODE = 'invalid code';
