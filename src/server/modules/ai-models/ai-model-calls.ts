// What every model call shares (docs/decisions/008): the model, the per-user limits, the call's signal and its failures.
import type { LanguageModelUsage } from "ai";
import type { Kysely } from "kysely";
import type { AiProviderName } from "../../../shared/api/ai.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import type { Database } from "../../db/schema.ts";
import { incrementCounter } from "../../plugins/rate-limit.ts";
import { toProviderError } from "./ai-errors.ts";
import { createProviderModel, type ProviderModel, providerInfo } from "./ai-providers.ts";
import { loadAiSdk } from "./ai-sdk.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface ModelCallDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  config: AiConfig;
  /** On SQLite the limit counters of a turn's calls then share one commit. */
  groupCommit?: GroupCommit;
}

export interface CallSignal {
  signal: AbortSignal;
  timeout: { readonly aborted: boolean };
  /** `abort` also ends a call still running. */
  release(abort?: boolean): void;
}

/** Null when the provider reported none. */
export function tokenCounts(usage: LanguageModelUsage | undefined): { inputTokens: number | null; outputTokens: number | null } {
  const count = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null);
  return { inputTokens: count(usage?.inputTokens), outputTokens: count(usage?.outputTokens) };
}

export function modelCalls({ kysely, now, config, groupCommit = (work) => work(kysely) }: ModelCallDeps) {
  const models = new Map<AiProviderName, ProviderModel>();

  return {
    async modelOf(provider: AiProviderName): Promise<ProviderModel> {
      let model = models.get(provider);
      if (!model) {
        // The SDK with the model: the call that follows needs it, and its errors are read by it.
        [model] = await Promise.all([createProviderModel(config, provider), loadAiSdk()]);
        if (!model) {
          const { displayName, keyVariable } = providerInfo[provider];
          throw new AppError(
            "ai_provider_not_configured",
            `${displayName} is not configured on this server (${keyVariable} is not set); choose another provider`,
          );
        }
        models.set(provider, model);
      }
      return model;
    },

    /** Counted in the rate_limits table so that the limits hold across instances. */
    async takeRequestAllowance(userId: string): Promise<void> {
      if (config.rateLimitPerMinute <= 0 && config.rateLimitPerDay <= 0) return;
      const at = now();
      const windows = [
        { limit: config.rateLimitPerMinute, key: `ai-minute:${userId}`, ms: MINUTE_MS, per: "minute" },
        { limit: config.rateLimitPerDay, key: `ai-day:${userId}`, ms: DAY_MS, per: "day" },
      ];
      const refusal = await groupCommit(async (db) => {
        for (const window of windows) {
          if (window.limit <= 0) continue;
          // A request refused by the minute's limit is not counted towards the day's.
          const { current, ttl } = await incrementCounter(db, window.key, window.ms, at);
          if (current > window.limit) return { window, seconds: Math.max(1, Math.ceil(ttl / 1000)) };
        }
        return undefined;
      });
      if (refusal) {
        const { window, seconds } = refusal;
        throw new AppError(
          "too_many_requests",
          `You have sent ${window.limit} messages to the assistant this ${window.per}, the most allowed; try again in ${seconds} seconds`,
          { retryAfterSeconds: seconds },
        );
      }
    },

    /** One controller and one timer per call: aborted by the timeout or the client going away. */
    callSignal(clientSignal: AbortSignal): CallSignal {
      const controller = new AbortController();
      const timeout = { aborted: false };
      const onClientGone = () => controller.abort(clientSignal.reason);
      const timer = setTimeout(() => {
        timeout.aborted = true;
        controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
      }, config.timeoutMs);
      // As AbortSignal.timeout's: a pending call's timer does not hold the process open.
      timer.unref();
      if (clientSignal.aborted) onClientGone();
      else clientSignal.addEventListener("abort", onClientGone, { once: true });
      return {
        signal: controller.signal,
        timeout,
        release(abort = false) {
          clearTimeout(timer);
          clientSignal.removeEventListener("abort", onClientGone);
          if (abort) controller.abort();
        },
      };
    },

    mapError(error: unknown, provider: AiProviderName, timeout: { readonly aborted: boolean }, clientSignal: AbortSignal): AppError {
      // Nobody reads this answer; a 4xx keeps the provider's "failure" out of the warnings.
      if (clientSignal.aborted && !timeout.aborted) return new AppError("bad_request", "The client went away before the answer");
      return toProviderError(error, { provider, timeoutMs: config.timeoutMs, timedOut: timeout.aborted, now: now() });
    },

    emptyReply: (provider: AiProviderName) =>
      new AppError("ai_provider_error", `${providerInfo[provider].displayName} sent an empty answer; try again`),
  };
}
