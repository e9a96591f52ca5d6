import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DARK_SCHEME_QUERY, THEME_COLORS, THEME_SCRIPT, THEME_STORAGE_KEY } from "../../shared/theme-script.ts";
import { type ThemeChoice, isDarkShown, isDarkTheme, readThemeChoice, setThemeChoice, startThemeSync, subscribeToTheme } from "./theme.ts";

/** A system colour scheme the test can flip, as window.matchMedia reports it (jsdom has none). */
function fakeSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const matchMedia = vi.fn((query: string) => {
    expect(query).toBe(DARK_SCHEME_QUERY);
    return media;
  });
  vi.stubGlobal("matchMedia", matchMedia);
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

/** Runs the script as the page does, in the global scope (an indirect eval), where a `var` would leak. */
const runThemeScript = () => {
  globalThis.eval(THEME_SCRIPT);
};

let stopSync: (() => void) | undefined;

/** The browser's colour around the page, as index.html declares it. */
const themeColor = () => document.querySelector('meta[name="theme-color"]')?.getAttribute("content");

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = "";
  document.head.innerHTML = `<meta name="theme-color" content="${THEME_COLORS.light}" />`;
});

afterEach(() => {
  stopSync?.();
  stopSync = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the first-paint script", () => {
  it.each([
    [null, false, false],
    [null, true, true],
    ["light", true, false],
    ["dark", false, true],
    ["sepia", true, true],
    ["sepia", false, false],
  ] as const)("stored %s with the system dark %s: dark class %s, as theme.ts decides", (stored, systemDark, expected) => {
    fakeSystemScheme(systemDark);
    if (stored) localStorage.setItem(THEME_STORAGE_KEY, stored);

    runThemeScript();

    expect(isDarkShown()).toBe(expected);
    expect(isDarkTheme(readThemeChoice(), systemDark)).toBe(expected);
    expect(themeColor()).toBe(expected ? THEME_COLORS.dark : THEME_COLORS.light);
  });

  it("lets the system decide when the storage throws", () => {
    fakeSystemScheme(true);
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    localStorage.setItem(THEME_STORAGE_KEY, "light");

    runThemeScript();

    expect(isDarkShown()).toBe(true);
    expect(readThemeChoice()).toBe("system");
  });

  it("declares nothing global: all of it is inside one function", () => {
    expect(THEME_SCRIPT).toMatch(/^\(function\(\)\{[^]*\}\)\(\)$/);
    expect(THEME_SCRIPT.slice("(function(){".length, -"})()".length)).not.toMatch(/\}\)\(\)|\(function/);
  });
});

describe("theme choice", () => {
  it("is 'system' until chosen, and remembers light and dark in this browser", () => {
    fakeSystemScheme(false);
    expect(readThemeChoice()).toBe("system");

    setThemeChoice("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect(readThemeChoice()).toBe("dark");
    expect(isDarkShown()).toBe(true);
    expect(themeColor()).toBe(THEME_COLORS.dark);

    setThemeChoice("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(isDarkShown()).toBe(false);
    expect(themeColor()).toBe(THEME_COLORS.light);

    setThemeChoice("system");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(readThemeChoice()).toBe("system");
  });

  it("keeps a choice for the page when the storage refuses it", () => {
    fakeSystemScheme(false);
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("full", "QuotaExceededError");
    });

    setThemeChoice("dark");

    expect(readThemeChoice()).toBe("dark");
    expect(isDarkShown()).toBe(true);
    vi.restoreAllMocks();
    setThemeChoice("system");
    expect(readThemeChoice()).toBe("system");
  });

  it("tells subscribers about every change", () => {
    fakeSystemScheme(false);
    const listener = vi.fn();
    const unsubscribe = subscribeToTheme(listener);
    setThemeChoice("dark");
    setThemeChoice("system");
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    setThemeChoice("light");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it.each<[ThemeChoice, boolean, boolean]>([
    ["light", true, false],
    ["dark", false, true],
    ["system", true, true],
    ["system", false, false],
  ])("%s with the system dark %s shows dark %s", (choice, systemDark, expected) => {
    expect(isDarkTheme(choice, systemDark)).toBe(expected);
  });
});

describe("startThemeSync", () => {
  it("follows the system's scheme live while the choice is 'system', and only then", () => {
    const system = fakeSystemScheme(false);
    stopSync = startThemeSync();
    expect(isDarkShown()).toBe(false);

    system.set(true);
    expect(isDarkShown()).toBe(true);
    system.set(false);
    expect(isDarkShown()).toBe(false);

    setThemeChoice("dark");
    system.set(true);
    system.set(false);
    expect(isDarkShown()).toBe(true);

    stopSync();
    stopSync = undefined;
    expect(system.listenerCount()).toBe(0);
  });

  it("follows a choice made in another tab", () => {
    fakeSystemScheme(false);
    stopSync = startThemeSync();
    const listener = vi.fn();
    const unsubscribe = subscribeToTheme(listener);

    // The other tab wrote the storage; this tab hears of it by a storage event.
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: "dark" }));
    expect(isDarkShown()).toBe(true);
    expect(listener).toHaveBeenCalled();

    localStorage.clear();
    window.dispatchEvent(new StorageEvent("storage", { key: null }));
    expect(isDarkShown()).toBe(false);

    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: "ai-chat-open" }));
    expect(isDarkShown()).toBe(false);
    unsubscribe();
  });
});
