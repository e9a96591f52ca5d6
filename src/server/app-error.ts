export type AppErrorCode =
  | "bad_request"
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  // A read-only personal access token on a write (docs/decisions/036).
  | "insufficient_scope"
  | "not_found"
  | "conflict"
  | "body_too_large"
  // The assistant's proposals (decision 033).
  | "proposal_expired"
  | "proposal_closed"
  | "undo_expired"
  | "too_many_requests"
  | "unavailable"
  // An AI provider's failures (docs/decisions/008): the provider's fault, not the request's.
  | "ai_provider_not_configured"
  | "ai_provider_auth"
  | "ai_provider_rate_limited"
  | "ai_provider_error"
  | "ai_provider_timeout"
  | "ai_provider_unreachable";

const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  insufficient_scope: 403,
  not_found: 404,
  conflict: 409,
  body_too_large: 413,
  proposal_expired: 409,
  proposal_closed: 409,
  undo_expired: 409,
  too_many_requests: 429,
  unavailable: 503,
  ai_provider_not_configured: 400,
  ai_provider_auth: 502,
  ai_provider_rate_limited: 503,
  ai_provider_error: 502,
  ai_provider_timeout: 504,
  ai_provider_unreachable: 503,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly statusCode: number;
  readonly retryAfterSeconds?: number;
  /** More fields of the answer's body, beside message and code. */
  readonly details?: Record<string, unknown>;

  constructor(
    code: AppErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown; details?: Record<string, unknown> } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    if (options.retryAfterSeconds !== undefined) this.retryAfterSeconds = Math.max(1, Math.ceil(options.retryAfterSeconds));
    if (options.details !== undefined) this.details = options.details;
    this.name = "AppError";
    this.code = code;
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = "Resource") => new AppError("not_found", `${what} not found`);
