import { useSyncExternalStore } from "react";

const hasMatchMedia = () => typeof window.matchMedia === "function";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (!hasMatchMedia()) return () => {};
      const media = window.matchMedia(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    () => hasMatchMedia() && window.matchMedia(query).matches,
  );
}
