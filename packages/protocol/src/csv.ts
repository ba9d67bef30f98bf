/** CSV imports (API.md 3.3, 3.4, R83–R86): the import result (the multipart form's fields: csv-form.ts). */
import { z } from 'zod';

/** `{"ok":1,"count":n,"skipped":k}` (R83); `skipped` is always 0 for judges. */
export const ImportResult = z.object({ ok: z.literal(1), count: z.int(), skipped: z.int() });
export type ImportResult = z.infer<typeof ImportResult>;
