/** The judging clock and deliberation (API.md 3.5, 4.9, R38–R42). */
import { z } from 'zod';
import { requiredBoolean } from './fields.js';

/** Clock (4.9): `time` is elapsed judging time in integer ms (R38). */
export const Clock = z.object({ running: z.boolean(), time: z.int() });
export type Clock = z.infer<typeof Clock>;

/** `{"ok":1,"clock":Clock}` of the clock actions (3.5). */
export const ClockResult = z.object({ ok: z.literal(1), clock: Clock });
export type ClockResult = z.infer<typeof ClockResult>;

/** `POST /admin/deliberation` (3.5, R42). */
export const DeliberationRequest = z.object({ start: requiredBoolean('start') });
export type DeliberationRequest = z.input<typeof DeliberationRequest>;
