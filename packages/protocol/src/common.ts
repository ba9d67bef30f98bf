/** Shapes shared by many routes (API.md 1.3, 1.4, 3.3, 3.4). */
import { z } from 'zod';
import { integerWithMessage, itemIds, requiredBoolean } from './fields.js';
import { INVALID_GROUP_NUMBER } from './messages.js';

/** Server-generated ID: 24 lowercase hex characters, always a string; clients never parse it. */
export const Id = z.string();
export type Id = z.infer<typeof Id>;

/** `{"ok":1}`: a successful action. */
export const Ok = z.object({ ok: z.literal(1) });
export type Ok = z.infer<typeof Ok>;
/** The `{"ok":1}` body itself, for handlers to return. */
export const OK: Ok = { ok: 1 };

/** `{"ok":1}` or `{"ok":0}`: a boolean query. */
export const OkFlag = z.object({ ok: z.union([z.literal(0), z.literal(1)]) });
export type OkFlag = z.infer<typeof OkFlag>;

/** `{"ok":1,"id":"<id>"}`: a single add (`POST /judge/new`, `POST /project/new`). */
export const OkId = z.object({ ok: z.literal(1), id: Id });
export type OkId = z.infer<typeof OkId>;

/** Every error body: exactly `{"error":"<message>"}`. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Integer milliseconds since the Unix epoch; 0 means never. */
export const EpochMs = z.number().int();

/** `track_seen`, `track_stars`: track → count, only keys with count ≥ 1, never null (1.4). */
export const TrackCounts = z.record(z.string(), z.int());
export type TrackCounts = z.infer<typeof TrackCounts>;

/** `PUT /judge/hide/:id`, `PUT /project/hide/:id` (R60, R61). */
export const HideRequest = z.object({ hide: requiredBoolean('hide') });
export type HideRequest = z.input<typeof HideRequest>;

/** `POST /judge/hide`, `POST /project/hide` (3.3, 3.4). */
export const HideBatchRequest = z.object({ items: itemIds(), hide: requiredBoolean('hide') });
export type HideBatchRequest = z.input<typeof HideBatchRequest>;

/**
 * `group` of the move routes: `Invalid group number` when missing, not an integer or < 0; the
 * server checks `< num_groups`, which needs the stored options (R47, R53).
 */
const group = integerWithMessage(INVALID_GROUP_NUMBER);

/** `PUT /judge/move/group/:id`, `PUT /project/move/group/:id` (R47, R53). */
export const MoveGroupRequest = z.object({ group });
export type MoveGroupRequest = z.input<typeof MoveGroupRequest>;

/** `POST /judge/move/group`, `POST /project/move/group` (R48, R53). */
export const MoveGroupBatchRequest = z.object({ items: itemIds(), group });
export type MoveGroupBatchRequest = z.input<typeof MoveGroupBatchRequest>;
