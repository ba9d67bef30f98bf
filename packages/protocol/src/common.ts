/** Shapes shared by many routes (API.md 1.3, 1.4). */
import { z } from 'zod';

/** Server-generated ID: 24 lowercase hex characters, always a string; clients never parse it. */
export const Id = z.string();
export type Id = z.infer<typeof Id>;

/** `{"ok":1}`: a successful action. */
export const Ok = z.object({ ok: z.literal(1) });
export type Ok = z.infer<typeof Ok>;

/** `{"ok":1}` or `{"ok":0}`: a boolean query. */
export const OkFlag = z.object({ ok: z.union([z.literal(0), z.literal(1)]) });
export type OkFlag = z.infer<typeof OkFlag>;

/** Every error body: exactly `{"error":"<message>"}`. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Integer milliseconds since the Unix epoch; 0 means never. */
export const EpochMs = z.number().int();
