// The AI Settings tab's first call, for the Settings page's first render (decision 013). Kept out
// of index.ts, which is part of the initial JavaScript: the providers' schema (zod) is not.
import type { FirstQuery } from "../../lib/first-render.ts";
import { AI_PROVIDERS_PATH, aiProvidersQueryOptions } from "./api/get-ai-providers.ts";

export function aiSettingsFirstQueries(): FirstQuery[] {
  return [{ path: AI_PROVIDERS_PATH, options: aiProvidersQueryOptions() }];
}
