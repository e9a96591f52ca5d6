import { z } from "zod";

export * from "./live-events.ts";

/** A reconnect that EventSource did not make itself (after a refused answer) names its last version here. */
export const liveEventsQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,15}$/, "must be a data version")
    .optional(),
});
