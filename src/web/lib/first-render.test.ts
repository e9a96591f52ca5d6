import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOT_ANSWERS_ELEMENT_ID, serializeBootAnswers } from "../../shared/boot-answers.ts";

/** first-render.ts reads the document's path when it loads: each test loads it afresh on its page. */
async function loadOnPage(pathname: string, answers: Record<string, unknown> | null) {
  vi.resetModules();
  window.history.replaceState(null, "", pathname);
  document.body.innerHTML = "";
  if (answers) {
    const element = document.createElement("script");
    element.type = "application/json";
    element.id = BOOT_ANSWERS_ELEMENT_ID;
    element.textContent = serializeBootAnswers(
      Object.fromEntries(Object.entries(answers).map(([path, body]) => [path, { status: 200, body }])),
    );
    document.body.append(element);
  }
  const [{ loadWithFirstData }, { queryClient }] = await Promise.all([import("./first-render.ts"), import("./query-client.ts")]);
  return { loadWithFirstData, queryClient };
}

const goalsQuery = (queryFn: () => Promise<unknown>) => ({ path: "/api/goals", options: { queryKey: ["goals"], queryFn } });

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("loadWithFirstData", () => {
  it("puts the HTML's answers into the query cache before the page the document opened on renders", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    const { loadWithFirstData, queryClient } = await loadOnPage("/goals/", { "/api/goals": [{ id: "g1" }] });
    const { apiJson } = await import("./api-client.ts");
    const module = await loadWithFirstData(
      "/goals",
      async () => ({ name: "goals page" }),
      () => [goalsQuery(() => apiJson("/api/goals"))],
    );
    expect(module).toEqual({ name: "goals page" });
    expect(queryClient.getQueryData(["goals"])).toEqual([{ id: "g1" }]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not wait on the network: without an answer in the HTML the page renders with its loading state", async () => {
    const queryFn = vi.fn(() => new Promise(() => {}));
    const { loadWithFirstData, queryClient } = await loadOnPage("/goals", null);
    await loadWithFirstData(
      "/goals",
      async () => ({}),
      () => [goalsQuery(queryFn)],
    );
    expect(queryFn).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(["goals"])).toBeUndefined();
  });

  it("leaves a page the user navigates to later alone, even when the HTML's answers fit it", async () => {
    const queryFn = vi.fn(async () => []);
    const { loadWithFirstData } = await loadOnPage("/", { "/api/goals": [] });
    window.history.replaceState(null, "", "/goals");
    await loadWithFirstData(
      "/goals",
      async () => ({}),
      () => [goalsQuery(queryFn)],
    );
    expect(queryFn).not.toHaveBeenCalled();
  });

  it("still renders the page when a first call fails: the page shows its own error", async () => {
    const { loadWithFirstData, queryClient } = await loadOnPage("/goals", { "/api/goals": [] });
    const module = await loadWithFirstData(
      "/goals",
      async () => "page",
      () => [goalsQuery(() => Promise.reject(new Error("Failed to fetch goals")))],
    );
    expect(module).toBe("page");
    expect(queryClient.getQueryState(["goals"])?.status).toBe("error");
  });
});
