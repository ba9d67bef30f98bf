/**
 * Field builders for request bodies, with the exact error texts of API.md §1.2.
 *
 * The server answers a refused body with the message of the FIRST zod issue, so every
 * builder here sets its own message and request objects list their fields in the order of
 * the API.md request column. Rules that span fields (e.g. 'Name and email are required',
 * checked only after every type check passed) are object-level refinements, which zod skips
 * when a field already failed its type check.
 */
import { z } from 'zod';
import { ITEMS_EMPTY, fieldMustBe, fieldRequired } from './messages.js';

/** The `<type>` words of API.md §1.2: `<field> must be <type>`. */
export type FieldTypeWord =
  'a string' | 'a boolean' | 'an integer' | 'a number' | 'a list of strings' | 'a list of integers';

/** `<field> is required` when missing or null, else `<field> must be <type>`. */
function typeMessage(field: string, type: FieldTypeWord) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? fieldRequired(field) : fieldMustBe(field, type);
}

/** Message used for every failure of a field that has one dedicated text (R87, `group`, ...). */
export function fixedMessage(message: string) {
  return () => message;
}

/**
 * Missing or null comes out `undefined` and the key stays unset when missing, so partial
 * updates (PUT /judge/:id, PUT /project/:id, POST /admin/options) can tell "absent" from a value.
 */
export function absentAsUndefined<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v) => v ?? undefined);
}

/**
 * One of `values`: `<field> is required` (missing or null), `<field> must be a string`, then
 * `invalid` for any other string. One enum keeps the request type precise for the web app.
 */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  field: string,
  values: T,
  invalid: string,
) {
  return z.enum(values, {
    error: ({ input }) => {
      if (input === undefined || input === null) return fieldRequired(field);
      return typeof input === 'string' ? invalid : fieldMustBe(field, 'a string');
    },
  });
}

/** A required string. `trim` applies to the fields API.md §1.2 lists (names, emails, URLs, tracks). */
export function requiredString(field: string, opts: { trim?: boolean } = {}) {
  const base = z.string({ error: typeMessage(field, 'a string') });
  return opts.trim ? base.trim() : base;
}

/** An optional string: missing or null takes `fallback`. */
export function optionalString(field: string, fallback = '', opts: { trim?: boolean } = {}) {
  return requiredString(field, opts)
    .nullish()
    .transform((v) => v ?? fallback);
}

/** An optional string with no default: missing or null stays `undefined` (partial updates). */
export function maybeString(field: string, opts: { trim?: boolean } = {}) {
  return absentAsUndefined(requiredString(field, opts));
}

export function requiredBoolean(field: string) {
  return z.boolean({ error: typeMessage(field, 'a boolean') });
}

export function optionalBoolean(field: string, fallback = false) {
  return requiredBoolean(field)
    .nullish()
    .transform((v) => v ?? fallback);
}

/** An optional boolean with no default (POST /admin/options). */
export function maybeBoolean(field: string) {
  return absentAsUndefined(requiredBoolean(field));
}

/** A JSON number with no fractional part (1.2: `3.0` is an integer, `"3"` is not). */
export function requiredInteger(field: string) {
  return z.int({ error: typeMessage(field, 'an integer') });
}

export function requiredStringList(field: string, opts: { trim?: boolean } = {}) {
  const item = z.string({ error: fixedMessage(fieldMustBe(field, 'a list of strings')) });
  return z.array(opts.trim ? item.trim() : item, { error: typeMessage(field, 'a list of strings') });
}

/**
 * `items` of the batch routes (3.3): a non-empty list of IDs; repeated IDs count once.
 */
export function itemIds() {
  return requiredStringList('items')
    .refine((items) => items.length > 0, { error: ITEMS_EMPTY })
    .transform((items) => [...new Set(items)]);
}

/** An integer field whose every failure has one text, e.g. `Invalid group number`. */
export function integerWithMessage(message: string, min = 0) {
  return z.int({ error: fixedMessage(message) }).min(min, { error: fixedMessage(message) });
}

/** A list of integers ≥ `min` whose every failure has one text (R87 `track_views`, `group_sizes`). */
export function integerListWithMessage(message: string, min: number) {
  return z.array(integerWithMessage(message, min), { error: fixedMessage(message) });
}

/** True when every name is non-empty; used after trimming (R87 name lists). */
export function allNonEmpty(names: readonly string[]): boolean {
  return names.every((name) => name.length > 0);
}

/** A list of trimmed, non-empty names whose every failure has one text (R87 `group_names`, `ignore_tracks`). */
export function nameListWithMessage(message: string) {
  const item = z.string({ error: fixedMessage(message) }).trim();
  return z
    .array(item, { error: fixedMessage(message) })
    .refine(allNonEmpty, { error: fixedMessage(message) });
}

export type BodyCheck<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * Validates a JSON body the way API.md 1.3 answers it: on failure, the text of the FIRST issue,
 * which the field order and the builders above make the first failing rule in check order.
 */
export function checkBody<S extends z.ZodType>(schema: S, body: unknown): BodyCheck<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  // zod reports at least one issue on failure; its summary is the last resort.
  return { ok: false, error: result.error.issues[0]?.message ?? result.error.message };
}
