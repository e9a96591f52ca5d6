// Apart from index.ts, which is in the initial JavaScript: the providers' zod schema is not.
import type { FirstQuery } from "../../lib/first-render.ts";
import { AI_PROVIDERS_PATH, aiProvidersQueryOptions } from "./api/get-ai-providers.ts";

export function aiSettingsFirstQueries(): FirstQuery[] {
  return [{ path: AI_PROVIDERS_PATH, options: aiProvidersQueryOptions() }];
}
