/** QR codes and judge self-add (API.md 3.6, 4.10, R71–R73). */
import { z } from 'zod';
import { optionalString } from './fields.js';
import { QR_CODE_NOT_FOUND } from './messages.js';

/** QrCode (4.10): both fields `""` when no code exists. */
export const QrCode = z.object({ qr_code: z.string(), url: z.string() });
export type QrCode = z.infer<typeof QrCode>;

/** `POST /qr/check`, `POST /qr/check/:track` (R72): an empty code simply answers `{"ok":0}`. */
export const QrCheckRequest = z.object({ code: optionalString('code') });
export type QrCheckRequest = z.input<typeof QrCheckRequest>;

/**
 * `POST /qr/add` (3.6, R73): the type errors of all four fields, then `Code not found, ...` for
 * a missing, null or empty code. The server goes on with the stored-code check
 * (`QR_CODE_INVALID`), then `judgeIdentityProblem` and the email's uniqueness.
 */
export const QrAddRequest = z
  .object({
    code: optionalString('code'),
    name: optionalString('name', '', { trim: true }),
    email: optionalString('email', '', { trim: true }),
    track: optionalString('track', '', { trim: true }),
  })
  .superRefine((value, ctx) => {
    if (value.code === '') ctx.addIssue({ code: 'custom', message: QR_CODE_NOT_FOUND });
  });
export type QrAddRequest = z.input<typeof QrAddRequest>;
