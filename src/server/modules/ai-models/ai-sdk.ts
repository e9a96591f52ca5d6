// The AI SDK (with zod 3 and its gateway) loads on the first model call, not at start: most requests never reach a model.
import type * as Ai from "ai";

type AiSdk = typeof Ai;

let loading: Promise<AiSdk> | undefined;
let loaded: AiSdk | undefined;

export function loadAiSdk(): Promise<AiSdk> {
  loading ??= import("ai").then((sdk) => (loaded = sdk));
  return loading;
}

/** Undefined until a call loaded it; until then no error can be the SDK's. */
export function loadedAiSdk(): AiSdk | undefined {
  return loaded;
}
