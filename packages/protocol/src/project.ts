/** Projects: entities of API.md 4.4 and 4.5, and the project routes of 3.2 and 3.4. */
import { z } from 'zod';
import { EpochMs, Id, TrackCounts } from './common.js';
import {
  absentAsUndefined,
  fixedMessage,
  integerWithMessage,
  itemIds,
  maybeString,
  optionalString,
  requiredBoolean,
  requiredString,
} from './fields.js';
import { CHALLENGE_LIST_INVALID, INVALID_LOCATION_NUMBER, fieldRequired } from './messages.js';

/** What the public and the admin views share (4.4, 4.5). */
const ProjectBase = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  url: z.string(),
  try_link: z.string(),
  video_link: z.string(),
  challenge_list: z.array(z.string()),
  location: z.int(),
  group: z.int(),
});

/**
 * ProjectSummary (4.5): the public view (`GET /project/list/public`, `GET /project/:id`), with
 * the table's `area` of the hall layout (R94; `""` when none).
 */
export const ProjectSummary = ProjectBase.extend({ area: z.string() });
export type ProjectSummary = z.infer<typeof ProjectSummary>;

/** Project (4.4, `GET /project/list`): the admin view, with the optional `rank_score` of R34. */
export const Project = ProjectBase.extend({
  active: z.boolean(),
  prioritized: z.boolean(),
  seen: z.int(),
  track_seen: TrackCounts,
  score: z.int(),
  stars: z.int(),
  track_stars: TrackCounts,
  last_activity: EpochMs,
  rank_score: z.number().optional(),
});
export type Project = z.infer<typeof Project>;

/** Count (4.9, `GET /project/count`, R59). */
export const Count = z.object({ count: z.int() });
export type Count = z.infer<typeof Count>;

/**
 * A `challenge_list` as sent (3.4): a string of comma-separated names or a list of names. Each
 * name is trimmed; empty and repeated names are dropped. The CSV imports split their cell with
 * it too (R84, R86).
 */
export function parseChallengeList(value: string | readonly string[]): string[] {
  const names = typeof value === 'string' ? value.split(',') : value;
  return [...new Set(names.map((name) => name.trim()).filter((name) => name.length > 0))];
}

/** Any other JSON type, a list with a non-string included, gets the one text of 3.4. */
const challengeList = z
  .union([z.string(), z.array(z.string())], { error: fixedMessage(CHALLENGE_LIST_INVALID) })
  .transform(parseChallengeList);

/**
 * `POST /project/new` (3.4, R45): `name is required` also when empty, before the other fields'
 * type errors. The ignored-track check needs the stored options and is the server's.
 */
export const ProjectNewRequest = z.object({
  name: requiredString('name', { trim: true }).min(1, { error: fixedMessage(fieldRequired('name')) }),
  description: optionalString('description'),
  url: optionalString('url', '', { trim: true }),
  try_link: optionalString('try_link', '', { trim: true }),
  video_link: optionalString('video_link', '', { trim: true }),
  challenge_list: challengeList.nullish().transform((v) => v ?? []),
});
export type ProjectNewRequest = z.input<typeof ProjectNewRequest>;
/** A project's editable content once validated: what the server stores for an add or an import row. */
export type ProjectContent = z.output<typeof ProjectNewRequest>;

/**
 * `PUT /project/:id` (3.4): only the fields sent change (absent or null come out `undefined`);
 * `name is required` when the name is sent empty, after every type check.
 */
export const ProjectUpdateRequest = z
  .object({
    name: maybeString('name', { trim: true }),
    description: maybeString('description'),
    url: maybeString('url', { trim: true }),
    try_link: maybeString('try_link', { trim: true }),
    video_link: maybeString('video_link', { trim: true }),
    challenge_list: absentAsUndefined(challengeList),
  })
  .superRefine((value, ctx) => {
    if (value.name === '') ctx.addIssue({ code: 'custom', message: fieldRequired('name') });
  });
export type ProjectUpdateRequest = z.input<typeof ProjectUpdateRequest>;

/** `PUT /project/prioritize/:id` (R62). */
export const PrioritizeRequest = z.object({ prioritize: requiredBoolean('prioritize') });
export type PrioritizeRequest = z.input<typeof PrioritizeRequest>;

/** `POST /project/prioritize` (3.4, R62). */
export const PrioritizeBatchRequest = z.object({
  items: itemIds(),
  prioritize: requiredBoolean('prioritize'),
});
export type PrioritizeBatchRequest = z.input<typeof PrioritizeBatchRequest>;

/** `PUT /project/move/:id` (R46): the free-table check is the server's. */
export const MoveRequest = z.object({ location: integerWithMessage(INVALID_LOCATION_NUMBER) });
export type MoveRequest = z.input<typeof MoveRequest>;

/** The message of a `since` that is not a revision (docs/api-extensions.md, "The public list's changes"). */
export const PUBLIC_LIST_SINCE_INVALID =
  'since must be a revision of the public list: the ETag of GET /project/list/public, without its quotes';

/**
 * A revision of the public list: the SHA-1 of its JSON in base64url, which is also the ETag of
 * `GET /project/list/public` without its quotes. Equal lists have equal revisions on every
 * instance, so a revision names exactly the list a screen holds.
 */
export const PublicListRevision = z.string().regex(/^[A-Za-z0-9_-]{27}$/);

/** Query of `GET /project/list/public/changes`: `since` absent asks for the whole list. */
export const PublicListChangesQuery = z.strictObject(
  {
    since: z
      .string({ error: PUBLIC_LIST_SINCE_INVALID })
      .regex(/^[A-Za-z0-9_-]{27}$/, PUBLIC_LIST_SINCE_INVALID)
      .optional(),
  },
  {
    error: (issue) =>
      `unknown query parameter ${String((issue as { keys?: string[] }).keys?.[0] ?? '')}`.trim(),
  },
);
export type PublicListChangesQuery = z.input<typeof PublicListChangesQuery>;

/** A project added or changed since the screen's revision, with its place in the new list. */
export const PublicListChange = z.object({ index: z.int(), project: ProjectSummary });
export type PublicListChange = z.infer<typeof PublicListChange>;

/**
 * `GET /project/list/public/changes`: the whole list (`full`, as `GET /project/list/public`
 * answers it) when the server cannot bridge from `since` or the changes would be as big, else
 * what changed: entries added or changed at their index in the new list, and the ids that left.
 */
export const PublicListChanges = z.discriminatedUnion('full', [
  z.object({ revision: PublicListRevision, full: z.literal(true), projects: z.array(ProjectSummary) }),
  z.object({
    revision: PublicListRevision,
    full: z.literal(false),
    changed: z.array(PublicListChange),
    removed: z.array(Id),
  }),
]);
export type PublicListChanges = z.infer<typeof PublicListChanges>;
