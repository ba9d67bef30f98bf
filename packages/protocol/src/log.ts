/** The audit log (R76). */
import { z } from 'zod';

export const LogResponse = z.object({ log: z.string() });
export type LogResponse = z.infer<typeof LogResponse>;

/** Line types, padded to 6 characters in a line. */
export const LOG_TYPES = ['SYSTEM', 'ADMIN', 'JUDGE'] as const;
export type LogType = (typeof LOG_TYPES)[number];
