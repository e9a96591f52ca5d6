// What every model call of the AI module shares (docs/decisions/008): the provider's model (or 400
// when it has no key), the per-user limits, the call's signal (timeout or client gone) and the
// mapping of its failures.
import type { LanguageModel, LanguageModelUsage } from "ai";
import type { Kysely } from "kysely";
import type { AiProviderName } from "../../../shared/api/ai.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Database } from "../../db/schema.ts";
import { incrementCounter } from "../../plugins/rate-limit.ts";
import { toProviderError } from "./ai-errors.ts";
import { createProviderModel, providerInfo } from "./ai-providers.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface ModelCallDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  config: AiConfig;
}

export type ModelCalls = ReturnType<typeof modelCalls>;

/** A call's token counts as stored: whole numbers, null when the provider reported none. */
export function tokenCounts(usage: LanguageModelUsage | undefined): { inputTokens: number | null; outputTokens: number | null } {
  const count = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? Math.max(0, Math.round(value)) : null);
  return { inputTokens: count(usage?.inputTokens), outputTokens: count(usage?.outputTokens) };
}

export function modelCalls({ kysely, now, config }: ModelCallDeps) {
  const models = new Map<AiProviderName, LanguageModel>();

  return {
    /** The provider's model, built once; 400 ai_provider_not_configured without its key. */
    modelOf(provider: AiProviderName): LanguageModel {
      let model = models.get(provider);
      if (!model) {
        model = createProviderModel(config, provider);
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

    /**
     * The per-user limits, counted in the rate_limits table so that they hold across instances: a
     * fixed window per minute and one per day, each starting at the user's first request in it.
     */
    async takeRequestAllowance(userId: string): Promise<void> {
      const at = now();
      const windows = [
        { limit: config.rateLimitPerMinute, key: `ai-minute:${userId}`, ms: MINUTE_MS, per: "minute" },
        { limit: config.rateLimitPerDay, key: `ai-day:${userId}`, ms: DAY_MS, per: "day" },
      ];
      for (const window of windows) {
        if (window.limit <= 0) continue;
        const { current, ttl } = await incrementCounter(kysely, window.key, window.ms, at);
        if (current > window.limit) {
          const seconds = Math.max(1, Math.ceil(ttl / 1000));
          throw new AppError(
            "too_many_requests",
            `You have sent ${window.limit} messages to the assistant this ${window.per}, the most allowed; try again in ${seconds} seconds`,
            { retryAfterSeconds: seconds },
          );
        }
      }
    },

    /** The call's signal: the timeout, or the client going away, whichever comes first. */
    callSignal(clientSignal: AbortSignal) {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      return { signal: AbortSignal.any([timeout, clientSignal]), timeout };
    },

    mapError(error: unknown, provider: AiProviderName, timeout: AbortSignal, clientSignal: AbortSignal): AppError {
      // Nobody reads this answer; a 4xx keeps the provider's "failure" out of the warnings.
      if (clientSignal.aborted && !timeout.aborted) return new AppError("bad_request", "The client went away before the answer");
      return toProviderError(error, { provider, timeoutMs: config.timeoutMs, timedOut: timeout.aborted, now: now() });
    },

    emptyReply: (provider: AiProviderName) =>
      new AppError("ai_provider_error", `${providerInfo[provider].displayName} sent an empty answer; try again`),
  };
}
