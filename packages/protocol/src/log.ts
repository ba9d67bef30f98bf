/** The audit log (R76). */
import { z } from 'zod';

/** Log (4.9, `GET /admin/log`): every line, oldest first, joined by `\n`, no trailing newline. */
export const LogResponse = z.object({ log: z.string() });
export type LogResponse = z.infer<typeof LogResponse>;

/** Line types, padded to 6 characters in a line. */
export const LOG_TYPES = ['SYSTEM', 'ADMIN', 'JUDGE'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** The most lines one page of `GET /admin/log?…` answers (its default is 200). */
export const LOG_PAGE_MAX = 1000;
export const LOG_PAGE_DEFAULT = 200;

const integerParam = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be an integer between ${min} and ${max}` })
    .regex(/^\d{1,15}$/, { error: `${field} must be an integer between ${min} and ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `${field} must be an integer between ${min} and ${max}` });

/**
 * Query of the paged audit log (`GET /admin/log` with any query parameter, docs/api-storage.md):
 * `order=desc` (default, newest first) pages with `before`, `order=asc` with `after`; `type`
 * and `q` (case-insensitive text in the message) filter. Unknown parameters are refused.
 */
export const LogPageQuery = z
  .strictObject(
    {
      limit: integerParam('limit', 1, LOG_PAGE_MAX).optional(),
      before: integerParam('before', 1, Number.MAX_SAFE_INTEGER).optional(),
      after: integerParam('after', 0, Number.MAX_SAFE_INTEGER).optional(),
      type: z.enum(LOG_TYPES, { error: 'type must be SYSTEM, ADMIN or JUDGE' }).optional(),
      q: z
        .string({ error: 'q must be a string' })
        .max(200, { error: 'q must be at most 200 characters' })
        .optional(),
      order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional(),
    },
    {
      error: (issue) =>
        `unknown query parameter ${String((issue as { keys?: string[] }).keys?.[0] ?? '')}`.trim(),
    },
  )
  .refine((query) => query.before === undefined || query.order !== 'asc', {
    error: 'before pages newest first: it cannot be combined with order=asc',
  })
  .refine((query) => query.after === undefined || query.order === 'asc', {
    error: 'after pages oldest first: it needs order=asc',
  });
export type LogPageQuery = z.infer<typeof LogPageQuery>;

/** One stored line: its sequence number (the paging cursor) and its R76 text. */
export const LogLine = z.object({ seq: z.int(), line: z.string() });
export type LogLine = z.infer<typeof LogLine>;

/**
 * A page: the lines in the asked order, and `next`, the cursor for the following page (pass it
 * as `before`, or as `after` with order=asc), or null after the last. A page can hold fewer
 * lines than `limit` (even none) while `next` is not null: each page examines a bounded stretch
 * of the log, so a rare `q` never stalls the server.
 */
export const LogPage = z.object({ lines: z.array(LogLine), next: z.int().nullable() });
export type LogPage = z.infer<typeof LogPage>;
