/** `POST /admin/reset` (API.md 3.5, R66, R67). */
import { z } from 'zod';
import { RESET_TYPES } from './constants.js';
import { requiredChoice } from './fields.js';
import { INVALID_RESET_TYPE } from './messages.js';

/** `type is required` (missing or null), `type must be a string`, then `invalid type for reset`. */
export const ResetRequest = z.object({ type: requiredChoice('type', RESET_TYPES, INVALID_RESET_TYPE) });
export type ResetRequest = z.input<typeof ResetRequest>;
