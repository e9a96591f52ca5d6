// Kept small, as part of the initial JavaScript; the controls load later and use use-theme-choice.ts.
import { DARK_SCHEME_QUERY, THEME_COLORS, THEME_STORAGE_KEY } from "../../shared/theme-script.ts";

export type ThemeChoice = "light" | "dark" | "system";

/** When storage refuses (blocked cookies), the choice lasts for this page. */
let unstoredChoice: ThemeChoice | null = null;
const listeners = new Set<() => void>();

export function readThemeChoice(): ThemeChoice {
  if (unstoredChoice) return unstoredChoice;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    // The system decides, as in the first-paint script.
  }
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function isDarkTheme(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === "dark" || (choice === "system" && systemPrefersDark);
}

export function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_SCHEME_QUERY).matches;
}

export function isDarkShown(): boolean {
  return document.documentElement.classList.contains("dark");
}

function applyTheme(): void {
  const dark = isDarkTheme(readThemeChoice(), systemPrefersDark());
  document.documentElement.classList.toggle("dark", dark);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", dark ? THEME_COLORS.dark : THEME_COLORS.light);
  for (const listener of listeners) listener();
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
    unstoredChoice = null;
  } catch {
    unstoredChoice = choice;
  }
  applyTheme();
}

export function subscribeToTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function startThemeSync(): () => void {
  const media = window.matchMedia(DARK_SCHEME_QUERY);
  const onStorage = (event: StorageEvent) => {
    // key null: that tab cleared the whole storage.
    if (event.key === THEME_STORAGE_KEY || event.key === null) applyTheme();
  };
  media.addEventListener("change", applyTheme);
  window.addEventListener("storage", onStorage);
  applyTheme();
  return () => {
    media.removeEventListener("change", applyTheme);
    window.removeEventListener("storage", onStorage);
  };
}
