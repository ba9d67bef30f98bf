/**
 * The organizer's command center (docs/api-extensions.md, "Command center"): judging progress
 * over time with a projection, whether email is on, and the self-add that hands the code back
 * when it is off. None of these are in API.md; they follow its conventions.
 */
import { z } from 'zod';
import { EpochMs } from './common.js';

/** How far one scope (the event, a group, a track) is from every active project reaching its target. */
export const ProgressScope = z.object({
  /** Views per project that count as enough: `min_views`, or the track's `track_views` entry. */
  target: z.int(),
  /** Active projects in the scope, and how many of them already have `target` views. */
  projects: z.int(),
  reached: z.int(),
  /** Views that count toward the target (general judges', or the track's judges'). */
  views: z.int(),
  /** Views still needed until every active project in the scope reaches the target. */
  remaining: z.int(),
  /** Views per minute over the rate window (0 while the clock is paused). */
  rate_per_minute: z.number(),
  /** When `remaining` reaches 0 at the current rate: now if it already has, null if the rate is 0. */
  projected_at: EpochMs.nullable(),
});
export type ProgressScope = z.infer<typeof ProgressScope>;

/** One bucket of the views-over-time chart: general views finished up to the bucket's end. */
export const ProgressBucket = z.object({ end: EpochMs, views: z.int() });
export type ProgressBucket = z.infer<typeof ProgressBucket>;

/** `GET /admin/progress`. */
export const Progress = z.object({
  /** The server's time of the answer (epoch ms): projections are relative to it. */
  now: EpochMs,
  /** The rate is measured over the last `window_ms` of running clock (shorter after a resume). */
  window_ms: z.int(),
  bucket_ms: z.int(),
  /** Cumulative general views, oldest bucket first; empty before the first finish. */
  buckets: z.array(ProgressBucket),
  event: ProgressScope,
  /** One per group when `multi_group` is on, else empty. */
  groups: z.array(ProgressScope.extend({ group: z.int(), name: z.string() })),
  /** One per track in `tracks` when `judge_tracks` is on, else empty. */
  tracks: z.array(ProgressScope.extend({ track: z.string() })),
});
export type Progress = z.infer<typeof Progress>;

/** `GET /admin/email`: whether the server sends login emails (R75: SMTP_URL and MAIL_FROM set). */
export const EmailStatus = z.object({ enabled: z.boolean() });
export type EmailStatus = z.infer<typeof EmailStatus>;

/**
 * `POST /qr/add/code`: the self-add of `POST /qr/add`, answering with the judge's code and its
 * login link's proof (which passes the login guard, issue 31 item 3) when email is off (the QR
 * link is already the credential), and `null` for both when the code was emailed.
 */
export const QrAddCodeResponse = z.object({
  ok: z.literal(1),
  code: z.string().nullable(),
  proof: z.string().nullable(),
});
export type QrAddCodeResponse = z.infer<typeof QrAddCodeResponse>;
