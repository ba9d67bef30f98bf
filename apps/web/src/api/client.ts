/**
 * The one place the web app talks HTTP (DESIGN.md §3: components never call fetch).
 *
 * Every call is described by an endpoint descriptor of `@podium/protocol`, so its path, method,
 * auth level, body and response types are written once. Every call resolves, never rejects, to
 * the spec's `{ status, error, data }` (product spec §7, §8).
 */
import type {
  AuthLevel,
  Endpoint,
  PathParams,
  QueryOf,
  QueryResponseOf,
  RequestOf,
  ResponseOf,
} from '@podium/protocol';
import { ADMIN_USER, API_BASE, buildPath } from '@podium/protocol';
import { getAdminSession, getJudgeToken } from '../auth/cookies';
import type { KeptAnswer } from './conditional';
import { isJudgeWrite, newIdempotencyKey } from './idempotency';
import { serverClock } from './server-clock';
import { shownSeq } from './shown-seq';

export const NETWORK_ERROR = 'Network connection issue';
export const PARSE_ERROR = 'Error parsing response';

/**
 * Whether a failure is Podium's own answer. The server answers JSON only, so no answer, or one
 * that is not JSON whatever its status (a venue Wi-Fi's sign-in page answers 200; a proxy's own
 * page; a body cut short), did not come from it: such a request may be tried again.
 */
export function answeredByServer(error: string): boolean {
  return error !== NETWORK_ERROR && error !== PARSE_ERROR;
}

/**
 * What to do when the answer was not the server's JSON: most often a venue Wi-Fi's sign-in page
 * answering for it (the phone shows it as online, and nothing else says why nothing works).
 */
const NOT_FROM_SERVER_HINT =
  'The answer did not come from the judging server: if the Wi-Fi asks you to sign in, do so, then try again.';

/** The hint after an error text (as a sentence of its own), when the error says the answer was not the server's. */
export function withNotFromServerHint(text: string, error: string): string {
  if (error !== PARSE_ERROR) return text;
  return `${text.endsWith('.') ? text : `${text}.`} ${NOT_FROM_SERVER_HINT}`;
}

/** The shared text for a request the server refused or that never arrived (product spec §8). */
export function requestErrorText(status: number, error: string): string {
  return withNotFromServerHint(`Error sending request to server (Status ${status}): ${error}`, error);
}

export interface ApiSuccess<T> {
  status: number;
  error: '';
  data: T;
  /** The answer's ETag, when the server sent one (api/conditional.ts). */
  etag?: string;
}
export interface ApiFailure {
  status: number;
  error: string;
  data: null;
}
/** `data` is null exactly when the call failed, so `if (res.data)` narrows to the success. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

type ParamsOption<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };

type BodyOption<E extends Endpoint> = E['multipart'] extends true
  ? { form: FormData }
  : RequestOf<E> extends undefined
    ? { body?: undefined }
    : object extends RequestOf<E>
      ? { body?: RequestOf<E> } // every field optional: the body may be left out
      : { body: RequestOf<E> };

/** What a call of `E` needs: its path parameters, its body (JSON or a multipart form). */
export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  BodyOption<E> & {
    signal?: AbortSignal;
    /** R91: the key of a judge write, kept for its retries; a fresh one when left out. */
    idempotencyKey?: string;
    /** The answer of this GET the caller holds: sent as `If-None-Match`, a 304 answers with it. */
    kept?: KeptAnswer;
  };

/** The options argument may be left out when nothing in it is required. */
export type CallArgs<E extends Endpoint> =
  object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The untyped options `callApi` and `fetchFile` pass on, once their types were checked. */
export interface RequestOptions {
  params?: Record<string, string>;
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  idempotencyKey?: string;
  kept?: KeptAnswer;
  /** The query string's parameters; those left undefined are not sent. */
  query?: Readonly<Record<string, string | undefined>>;
  /** A file download (`fetchFile`): an export may be built for a while before its answer begins. */
  download?: boolean;
}

/**
 * `Basic base64(UTF-8 bytes of "admin:" + secret)`, the secret being the admin's session token
 * (R70b) or, from an older cookie, the password: `btoa` alone throws outside Latin-1.
 */
export function basicAuthHeader(secret: string): string {
  const bytes = new TextEncoder().encode(`${ADMIN_USER}:${secret}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

/** The Authorization header of an auth level, from the stored cookie; none without one. */
export function authHeaders(auth: AuthLevel): Record<string, string> {
  if (auth === 'judge') {
    const token = getJudgeToken();
    return token ? { Authorization: `Bearer ${token}` } : {};
  }
  if (auth === 'admin') {
    const session = getAdminSession();
    return session ? { Authorization: basicAuthHeader(session) } : {};
  }
  return {};
}

/** The URL a call of `endpoint` goes to, its path parameters percent-encoded (API.md 1.1). */
function requestUrl(endpoint: Endpoint, options: RequestOptions = {}): string {
  const path = API_BASE + buildPath(endpoint.path, options.params);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) query.set(name, value);
  }
  // Not `query.size`: Safari 16 (the build's baseline) lacks it, and every URL got a bare '?'.
  const search = query.toString();
  return search === '' ? path : `${path}?${search}`;
}

/**
 * A request whose answer has not begun after this long is given up as a network failure. A dead
 * link that still looks connected (a venue Wi-Fi whose uplink died, a sign-in page that drops
 * traffic once the phone's session expired) holds a request until TCP gives up, many minutes on a
 * phone: the judge's outbox waited behind it, and the Done popup with it; the admin's dashboard
 * stayed as it was, its poll and its reconnect's refetch sharing the read that hung. The server
 * answers a judge within a second even at ten times an event's load (docs/benchmarks.md); a
 * retried write carries its Idempotency-Key, so one that did land lands once. The admin's writes
 * and downloads are left alone: an import or an export may take longer than this before answering,
 * and an admin write has no key to be sent again safely.
 */
export const ANSWER_TIMEOUT_MS = 15_000;

/**
 * The signal a request goes with: the caller's, and but for the admin's writes and downloads also
 * aborted once ANSWER_TIMEOUT_MS passed without an answer (`answered` stops that clock).
 */
function requestSignal(
  endpoint: Endpoint,
  { signal, download = false }: RequestOptions,
): { signal?: AbortSignal; answered: () => void } {
  if (endpoint.auth === 'admin' && (endpoint.method !== 'GET' || download)) {
    return { signal, answered: () => {} };
  }
  // Not AbortSignal.any: the build targets Safari 16 (Vite's baseline), which lacks it (17.4).
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(abort, ANSWER_TIMEOUT_MS);
  return { signal: controller.signal, answered: () => clearTimeout(timer) };
}

/** Sends the request of `endpoint`; null when the network failed (or the caller aborted). */
export async function sendRequest(
  endpoint: Endpoint,
  options: RequestOptions = {},
): Promise<Response | null> {
  const url = requestUrl(endpoint, options);
  const headers = authHeaders(endpoint.auth);
  if (options.kept) headers['If-None-Match'] = options.kept.etag;
  if (isJudgeWrite(endpoint)) headers['Idempotency-Key'] = options.idempotencyKey ?? newIdempotencyKey();
  let body: BodyInit | undefined;
  if (options.form) {
    body = options.form; // the browser sets the multipart boundary itself
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const { signal, answered } = requestSignal(endpoint, options);
  const read = endpoint.method === 'GET' ? shownSeq.reading() : undefined;
  try {
    const response = await fetch(url, { method: endpoint.method, headers, body, signal });
    shownSeq.note(response.headers);
    serverClock.note(response.headers);
    return response;
  } catch {
    return null;
  } finally {
    answered();
    read?.();
  }
}

/** The error text of a refused response: the server's `{error}`, else a generic one. */
export function errorText(json: unknown, response: Pick<Response, 'status'>): string {
  if (typeof json === 'object' && json !== null && 'error' in json && typeof json.error === 'string') {
    return json.error;
  }
  return `Request failed with status ${response.status}`;
}

export const networkFailure = (): ApiFailure => ({ status: 404, error: NETWORK_ERROR, data: null });

/**
 * Calls a JSON endpoint, e.g. `callApi(endpoints.judgeLogin, { body: { code } })`.
 * Responses are trusted to match the protocol (the server serialises with the same schemas).
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<ApiResult<ResponseOf<E>>> {
  return receive<ResponseOf<E>>(endpoint, options as RequestOptions | undefined);
}

/**
 * A GET with a query string (the endpoints whose descriptor declares `query`): the answer is the
 * descriptor's `queryResponse` where it has one (the audit log's pages).
 */
export async function callApiWithQuery<E extends Endpoint & { query: unknown }>(
  endpoint: E,
  query: QueryOf<E>,
  options: { signal?: AbortSignal } = {},
): Promise<ApiResult<QueryResponseOf<E>>> {
  return receive<QueryResponseOf<E>>(endpoint, { ...options, query: query as RequestOptions['query'] });
}

/** Sends the request and reads its answer as `T` (the caller's descriptor says which). */
async function receive<T>(endpoint: Endpoint, options: RequestOptions | undefined): Promise<ApiResult<T>> {
  const kept = options?.kept;
  const response = await sendRequest(endpoint, options);
  if (!response) return networkFailure();
  // 304: the list did not change since the answer the caller holds (conditional.ts).
  if (response.status === 304 && kept) {
    return { status: 200, error: '', data: kept.data as T, etag: kept.etag };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return { status: response.status, error: PARSE_ERROR, data: null };
  }
  if (!response.ok) return { status: response.status, error: errorText(json, response), data: null };
  const etag = response.headers.get('ETag');
  return { status: response.status, error: '', data: json as T, ...(etag ? { etag } : {}) };
}
