import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BOOT_ANSWERS_ELEMENT_ID, BOOT_ANSWERS_MAX_AGE_MS, serializeBootAnswers } from "../../shared/boot-answers.ts";

/** The module keeps what it read: each test loads it afresh, with the page it sets up. */
async function loadWithPage(elementText: string | null) {
  vi.resetModules();
  document.body.innerHTML = "";
  if (elementText !== null) {
    const element = document.createElement("script");
    element.type = "application/json";
    element.id = BOOT_ANSWERS_ELEMENT_ID;
    element.textContent = elementText;
    document.body.append(element);
  }
  return import("./boot-answers.ts");
}

beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("takeBootAnswer", () => {
  it("answers each embedded call once, as the server answered it, then leaves it to the network", async () => {
    const { takeBootAnswer } = await loadWithPage(
      serializeBootAnswers({ "/api/user": { status: 200, body: { name: "Ada </script>" } }, "/api/goals": { status: 200, body: [] } }),
    );
    const user = takeBootAnswer("/api/user");
    expect(user?.status).toBe(200);
    expect(await user?.json()).toEqual({ name: "Ada </script>" });
    expect(takeBootAnswer("/api/user")).toBeUndefined();
    expect(takeBootAnswer("/api/tasks?date=2026-11-24")).toBeUndefined();
    expect(await takeBootAnswer("/api/goals")?.json()).toEqual([]);
    // The element is read once and removed from the page.
    expect(document.getElementById(BOOT_ANSWERS_ELEMENT_ID)).toBeNull();
  });

  it("keeps a 401 as a 401 (a signed-out visitor)", async () => {
    const { takeBootAnswer } = await loadWithPage(
      serializeBootAnswers({ "/api/user": { status: 401, body: { message: "Sign in first", code: "unauthorized" } } }),
    );
    const answer = takeBootAnswer("/api/user");
    expect(answer?.ok).toBe(false);
    expect(answer?.status).toBe(401);
  });

  it("uses nothing once the page is older than the answers may be", async () => {
    const { takeBootAnswer } = await loadWithPage(serializeBootAnswers({ "/api/goals": { status: 200, body: [] } }));
    vi.spyOn(performance, "now").mockReturnValue(BOOT_ANSWERS_MAX_AGE_MS + 1);
    expect(takeBootAnswer("/api/goals")).toBeUndefined();
  });

  it("forgets the answers not used yet once the page writes", async () => {
    const { dropBootAnswers, takeBootAnswer } = await loadWithPage(
      serializeBootAnswers({ "/api/user": { status: 200, body: {} }, "/api/tasks?date=2026-11-25": { status: 200, body: [] } }),
    );
    expect(takeBootAnswer("/api/user")?.status).toBe(200);
    dropBootAnswers();
    expect(takeBootAnswer("/api/tasks?date=2026-11-25")).toBeUndefined();
    expect(document.getElementById(BOOT_ANSWERS_ELEMENT_ID)).toBeNull();
  });

  it("works without the element, and with a broken one (the page asks the network)", async () => {
    expect((await loadWithPage(null)).takeBootAnswer("/api/user")).toBeUndefined();
    expect((await loadWithPage("{not json")).takeBootAnswer("/api/user")).toBeUndefined();
    expect(console.warn).toHaveBeenCalledTimes(1);
  });
});
