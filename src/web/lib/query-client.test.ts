import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client.ts";

describe("createQueryClient", () => {
  it("uses the spec's data-fetching defaults", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({ retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
    expect(defaults.mutations).toMatchObject({ retry: false, networkMode: "always" });
  });
});
