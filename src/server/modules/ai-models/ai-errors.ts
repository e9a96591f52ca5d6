// The provider's own message is never passed on: some echo part of the key (OpenAI's 401 does).
import type { AiProviderName } from "../../../shared/api/ai.ts";
import { AppError } from "../../app-error.ts";
import { providerInfo } from "./ai-providers.ts";
import { loadedAiSdk } from "./ai-sdk.ts";

const NETWORK_ERROR_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ETIMEDOUT",
  "EPIPE",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_SOCKET",
]);

function hasNetworkCause(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && NETWORK_ERROR_CODES.has(code)) return true;
  return hasNetworkCause((error as { cause?: unknown }).cause, depth + 1);
}

export function parseRetryAfter(value: string | undefined, now: Date): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

export interface CallOutcome {
  provider: AiProviderName;
  timeoutMs: number;
  timedOut: boolean;
  now: Date;
}

export function toProviderError(error: unknown, outcome: CallOutcome): AppError {
  if (error instanceof AppError) return error;
  const { displayName, keyVariable } = providerInfo[outcome.provider];
  if (outcome.timedOut) {
    return new AppError(
      "ai_provider_timeout",
      `${displayName} did not answer within ${Math.round(outcome.timeoutMs / 1000)} seconds; try again`,
      {
        cause: error,
      },
    );
  }
  const sdk = loadedAiSdk();
  const cause = sdk?.RetryError.isInstance(error) ? error.lastError : error;
  if (sdk?.APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    // A body or stream chunk that is not the protocol's (the Anthropic client reports a bad chunk as a 500).
    if (UNREADABLE_ANSWER.test(cause.message)) return unreadable(displayName, cause);
    if (status === 401 || status === 403) {
      return new AppError(
        "ai_provider_auth",
        `${displayName} refused this server's credentials; the administrator should check ${keyVariable}`,
        { cause },
      );
    }
    if (status === 429) {
      const retryAfterSeconds = parseRetryAfter(cause.responseHeaders?.["retry-after"], outcome.now);
      return new AppError("ai_provider_rate_limited", `${displayName} is receiving too many requests right now; try again shortly`, {
        retryAfterSeconds: retryAfterSeconds ?? 30,
        cause,
      });
    }
    if (status === 408 || status === 504) {
      return new AppError("ai_provider_timeout", `${displayName} did not answer in time; try again`, { cause });
    }
    if (status === undefined && hasNetworkCause(cause)) return unreachable(displayName, cause);
    if (status === undefined && /cannot connect/i.test(cause.message)) return unreachable(displayName, cause);
    if (status !== undefined && status >= 500) {
      return new AppError("ai_provider_error", `${displayName} failed to answer (status ${status}); try again later`, { cause });
    }
    if (status !== undefined && status >= 400) {
      return new AppError("ai_provider_error", `${displayName} refused the request (status ${status}); the model name may be wrong`, {
        cause,
      });
    }
  }
  if (hasNetworkCause(cause)) return unreachable(displayName, cause);
  return unreadable(displayName, cause);
}

const UNREADABLE_ANSWER = /^(Invalid JSON response|JSON parsing failed|Type validation failed)/;

function unreadable(displayName: string, cause: unknown): AppError {
  return new AppError("ai_provider_error", `${displayName} sent an answer that could not be read; try again later`, { cause });
}

function unreachable(displayName: string, cause: unknown): AppError {
  return new AppError("ai_provider_unreachable", `${displayName} cannot be reached right now; try again later`, {
    retryAfterSeconds: 10,
    cause,
  });
}
