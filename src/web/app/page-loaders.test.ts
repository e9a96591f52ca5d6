import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAGE_FILES_ELEMENT_ID } from "../../shared/page-files.ts";
import { preloadPagesWhenIdle } from "./page-loaders.ts";

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    new URL(link.href).pathname,
    link.getAttribute("fetchpriority"),
  ]);

describe("preloadPagesWhenIdle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    document.head.innerHTML = "";
  });

  it("fetches the other pages' files the HTML lists, one page per turn of idle work, without running them", async () => {
    document.head.innerHTML = `<link rel="modulepreload" href="/assets/shared.js"><script type="application/json" id="${PAGE_FILES_ELEMENT_ID}">${JSON.stringify(
      {
        "/goals": ["/assets/goals-page.js", "/assets/shared.js"],
        "/settings": ["/assets/settings-page.js"],
      },
    )}</script>`;
    preloadPagesWhenIdle();
    await vi.advanceTimersByTimeAsync(1_000);
    // The first page's files, at low priority; one the page has already is not asked for twice.
    expect(preloads()).toEqual([
      ["/assets/shared.js", null],
      ["/assets/goals-page.js", "low"],
    ]);
    // The next page once the first one's files are in.
    document.head.querySelector<HTMLLinkElement>('link[href$="goals-page.js"]')!.dispatchEvent(new Event("load"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(preloads().at(-1)).toEqual(["/assets/settings-page.js", "low"]);
  });

  it("preloads nothing without the server's list (development), and can be cancelled", async () => {
    preloadPagesWhenIdle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(preloads()).toEqual([]);

    document.head.innerHTML = `<script type="application/json" id="${PAGE_FILES_ELEMENT_ID}">{"/goals":["/assets/goals-page.js"]}</script>`;
    const cancel = preloadPagesWhenIdle();
    cancel();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(preloads()).toEqual([]);
  });
});
