/**
 * One row of the API.md endpoint tables, as data: the server registers its routes from these
 * descriptors and the web client calls them, so a path, a method, an auth level or a body shape
 * is written exactly once.
 */
import type { z } from 'zod';

export type AuthLevel = 'none' | 'judge' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Path under `/api`, with `:name` parameters, e.g. `/judge/star/:id`. */
  readonly path: string;
  readonly auth: AuthLevel;
  /** JSON request body; absent for the routes whose request column is "–" (API.md 1.2). */
  readonly body?: z.ZodType;
  /** The route takes a `multipart/form-data` CSV upload (R83). */
  readonly multipart?: true;
  /** JSON success body; absent for file downloads (CSV, ZIP). */
  readonly response?: z.ZodType;
  /** Query parameters, all optional strings before parsing (e.g. the audit-log pages). */
  readonly query?: z.ZodType;
  /** JSON success body of a request with a query, where it is not `response` (the log's pages). */
  readonly queryResponse?: z.ZodType;
}

/** Declares an endpoint, keeping its literal types for inference. */
export function endpoint<const E extends Endpoint>(e: E): E {
  return e;
}

/** The body a client sends (zod input: optional fields may be left out). */
export type RequestOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;
/** The body the server validated (zod output: defaults applied, strings trimmed). */
export type ParsedBodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
/** The success JSON of the endpoint. */
export type ResponseOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : undefined;

/** The query a client sends (zod input: every value a string). */
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;
/** The success JSON of a request with a query. */
export type QueryResponseOf<E extends Endpoint> = E['queryResponse'] extends z.ZodType
  ? z.output<E['queryResponse']>
  : ResponseOf<E>;

/** Path parameter names of a path such as `/admin/qr/:track` → `'track'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name | keyof PathParams<`/${Rest}`>]: string }
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, string>;

/** Fills `:name` parameters, percent-encoding each one (API.md 1.1). */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}
