/**
 * Typed domain errors. Services throw them; the one error handler turns each into
 * `{"error": message}` with its status (API.md 1.3). No 409 exists in the contract: a conflict
 * with the current state is a 400. The one 422 is R91's refusal of a reused Idempotency-Key.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: 400 | 401 | 404 | 413 | 422 | 429;
}

/** Invalid input (400). */
export class ValidationError extends DomainError {
  readonly statusCode = 400;
}

/** An action not allowed in the current state (400). */
export class ConflictError extends DomainError {
  readonly statusCode = 400;
}

/** A well-formed ID that names nothing (404 `<thing> not found`), or an unknown route. */
export class NotFoundError extends DomainError {
  readonly statusCode = 404;
}

/**
 * A replaced judge's login or write (issue 31 item 7): refused (400). At login it is no failed
 * attempt, since the code is no guess.
 */
export class JudgeReplacedError extends ConflictError {}

/** Missing or invalid credentials (401, API.md §2). */
export class UnauthorizedError extends DomainError {
  readonly statusCode = 401;
}

/** Login blocked or rate limited (429, R68–R70a), with the seconds until the window ends. */
export class RateLimitedError extends DomainError {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Request body over the limit (413). */
export class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
}

/** An Idempotency-Key already used for a different request (422, R91). */
export class UnprocessableError extends DomainError {
  readonly statusCode = 422;
}
