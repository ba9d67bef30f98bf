/** `POST /admin/reset` (API.md 3.5, R66, R67). */
import { z } from 'zod';
import { RESET_TYPES } from './constants.js';
import { INVALID_RESET_TYPE, fieldMustBe, fieldRequired } from './messages.js';

/**
 * `type is required` (missing or null), `type must be a string`, then `invalid type for reset`
 * for any other string. One enum keeps the request type precise for the web app.
 */
export const ResetRequest = z.object({
  type: z.enum(RESET_TYPES, {
    error: ({ input }) => {
      if (input === undefined || input === null) return fieldRequired('type');
      return typeof input === 'string' ? INVALID_RESET_TYPE : fieldMustBe('type', 'a string');
    },
  }),
});
export type ResetRequest = z.input<typeof ResetRequest>;
