import { useSyncExternalStore } from "react";
import { type ThemeChoice, isDarkShown, readThemeChoice, subscribeToTheme } from "./theme.ts";

export function useThemeChoice(): { choice: ThemeChoice; isDark: boolean } {
  const choice = useSyncExternalStore(subscribeToTheme, readThemeChoice);
  const isDark = useSyncExternalStore(subscribeToTheme, isDarkShown);
  return { choice, isDark };
}
