import { useCallback, useSyncExternalStore } from "react";

const hasMatchMedia = () => typeof window.matchMedia === "function";

/** One MediaQueryList per query: matchMedia on every render and a new subscription per commit cost a frame's time on a slow phone. */
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
}

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!hasMatchMedia()) return () => {};
      const media = mediaList(query);
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => hasMatchMedia() && mediaList(query).matches);
}
