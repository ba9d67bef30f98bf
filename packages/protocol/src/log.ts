/** The audit log (R76). */
import { z } from 'zod';

/** Log (4.9, `GET /admin/log`): every line, oldest first, joined by `\n`, no trailing newline. */
export const LogResponse = z.object({ log: z.string() });
export type LogResponse = z.infer<typeof LogResponse>;

/** Line types, padded to 6 characters in a line. */
export const LOG_TYPES = ['SYSTEM', 'ADMIN', 'JUDGE'] as const;
export type LogType = (typeof LOG_TYPES)[number];
