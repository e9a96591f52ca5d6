import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { WebhookEvent } from "../../../shared/api/webhooks.ts";
import { contractSerializerCompiler } from "../../plugins/contract-serializer.ts";
import { type WebhooksDeps, webhooksService } from "./webhooks.service.ts";

export type WebhookEvents = ReturnType<typeof webhookEvents>;

export function webhookEvents(deps: WebhooksDeps & { log: Pick<FastifyBaseLogger, "error">; onQueued?: () => void }) {
  const service = webhooksService(deps);
  const pending = new Set<Promise<void>>();
  const serializers = new WeakMap<z.ZodType, (data: unknown) => string>();
  const serialize = (schema: z.ZodType, data: unknown) => {
    let serializer = serializers.get(schema);
    if (!serializer) serializers.set(schema, (serializer = contractSerializerCompiler({ schema })));
    return JSON.parse(serializer(data)) as unknown;
  };
  return {
    emit(userId: string, event: WebhookEvent, schema: z.ZodType, data: unknown): void {
      const queued: Promise<void> = new Promise((resolve) => setImmediate(resolve))
        .then(() => service.queueEvent(userId, event, serialize(schema, data)))
        .then((count) => {
          if (count > 0) deps.onQueued?.();
        })
        .catch((error: unknown) => deps.log.error({ err: error, userId, event }, "queueing a webhook event failed"))
        .finally(() => pending.delete(queued));
      pending.add(queued);
    },

    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
