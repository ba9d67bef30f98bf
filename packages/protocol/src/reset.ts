/** `POST /admin/reset` (API.md 3.5, R66, R67). */
import { z } from 'zod';
import { RESET_TYPES } from './constants.js';
import { requiredChoice, requiredString } from './fields.js';
import { INVALID_RESET_TYPE } from './messages.js';

/** `type is required` (missing or null), `type must be a string`, then `invalid type for reset`. */
export const ResetRequest = z.object({ type: requiredChoice('type', RESET_TYPES, INVALID_RESET_TYPE) });
export type ResetRequest = z.input<typeof ResetRequest>;

/**
 * `GET /admin/reset/copies` (docs/api-extensions.md): the copies of the whole event the server keeps
 * before each reset and of the event each restore replaced, newest first, for the organizer to
 * know what `npm run restore` can put back (docs/operations.md, section 5).
 */
export const KeptCopy = z.object({
  /** `podium-before-reset-<time>.db` in DATA_DIR/backups (SQLite), or the schema `podium_before_reset_<time>` (PostgreSQL). */
  name: z.string(),
  kind: z.enum(['before-reset', 'before-restore']),
  /** When it was taken (epoch milliseconds). */
  taken_at: z.number().int(),
  projects: z.number().int(),
  judges: z.number().int(),
  /** Finished visits. */
  judgments: z.number().int(),
  /**
   * The command that puts it back with the server stopped, as whoever runs the server types it:
   * `DATA_DIR=<the server's> npm run restore -- <the file>` (SQLite), or
   * `DATABASE_URL=<the server's, its password hidden> npm run restore -- <the copy's name>` (PostgreSQL).
   */
  restore_command: z.string(),
});
export type KeptCopy = z.infer<typeof KeptCopy>;
export const KeptCopies = z.array(KeptCopy);

/** `POST /admin/reset/copies/restore` (docs/api-extensions.md): the kept copy to put back, by its `name`. */
export const PutBackRequest = z.object({ name: requiredString('name') });
export type PutBackRequest = z.input<typeof PutBackRequest>;
