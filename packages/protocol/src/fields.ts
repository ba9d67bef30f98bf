/**
 * Field builders for request bodies, with the exact error texts of API.md §1.2.
 *
 * The server answers a refused body with the message of the FIRST zod issue, so every
 * builder here sets its own message and request objects list their fields in the order of
 * the API.md request column. Rules that span fields (e.g. 'Name and email are required',
 * checked only after every type check passed) are object-level refinements, which zod runs
 * only when no field failed.
 */
import { z } from 'zod';

/** The `<type>` words of API.md §1.2: `<field> must be <type>`. */
export type FieldTypeWord =
  'a string' | 'a boolean' | 'an integer' | 'a number' | 'a list of strings' | 'a list of integers';

/** `<field> is required` when missing or null, else `<field> must be <type>`. */
function typeMessage(field: string, type: FieldTypeWord) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? `${field} is required` : `${field} must be ${type}`;
}

/** Message used for every failure of a field that has one dedicated text (R87, `group`, ...). */
export function fixedMessage(message: string) {
  return () => message;
}

/** A required string. `trim` applies to the fields API.md §1.2 lists (names, emails, URLs, tracks). */
export function requiredString(field: string, opts: { trim?: boolean } = {}) {
  const base = z.string({ error: typeMessage(field, 'a string') });
  return opts.trim ? base.trim() : base;
}

/** An optional string: missing or null takes `fallback`. */
export function optionalString(field: string, fallback = '', opts: { trim?: boolean } = {}) {
  const base = z.string({ error: typeMessage(field, 'a string') });
  return (opts.trim ? base.trim() : base).nullish().transform((v) => v ?? fallback);
}

/**
 * An optional string with no default: missing or null stays `undefined`, so partial updates
 * (PUT /judge/:id, PUT /project/:id) can tell "absent" from "set to empty".
 */
export function maybeString(field: string, opts: { trim?: boolean } = {}) {
  const base = z.string({ error: typeMessage(field, 'a string') });
  return (opts.trim ? base.trim() : base).nullish().transform((v) => v ?? undefined);
}

export function requiredBoolean(field: string) {
  return z.boolean({ error: typeMessage(field, 'a boolean') });
}

export function optionalBoolean(field: string, fallback = false) {
  return z
    .boolean({ error: typeMessage(field, 'a boolean') })
    .nullish()
    .transform((v) => v ?? fallback);
}

/** A JSON number with no fractional part (1.2: `3.0` is an integer, `"3"` is not). */
export function requiredInteger(field: string) {
  return z.int({ error: typeMessage(field, 'an integer') });
}

export function requiredNumber(field: string) {
  return z.number({ error: typeMessage(field, 'a number') });
}

export function requiredStringList(field: string, opts: { trim?: boolean } = {}) {
  const message = typeMessage(field, 'a list of strings');
  const item = z.string({ error: () => `${field} must be a list of strings` });
  return z.array(opts.trim ? item.trim() : item, { error: message });
}

export function requiredIntegerList(field: string) {
  return z.array(z.int({ error: () => `${field} must be a list of integers` }), {
    error: typeMessage(field, 'a list of integers'),
  });
}

/**
 * `items` of the batch routes (3.3): a non-empty list of IDs; repeated IDs count once.
 */
export function itemIds() {
  return requiredStringList('items')
    .refine((items) => items.length > 0, { message: 'items must not be empty' })
    .transform((items) => [...new Set(items)]);
}

/** An integer field whose every failure has one text, e.g. `Invalid group number`. */
export function integerWithMessage(message: string, min = 0) {
  return z.int({ error: fixedMessage(message) }).min(min, { error: fixedMessage(message) });
}
