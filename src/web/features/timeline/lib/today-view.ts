import { useCallback, useState } from "react";

export type TodayView = "board" | "timeline";
export const TODAY_VIEW_KEY = "daywise:today-view";

function readView(): TodayView {
  try {
    return localStorage.getItem(TODAY_VIEW_KEY) === "timeline" ? "timeline" : "board";
  } catch {
    return "board";
  }
}

/** The Today page's view, kept per device (the browser's, not the user's): Board unless Timeline was chosen here. */
export function useTodayView(): [TodayView, (view: TodayView) => void] {
  const [view, setView] = useState(readView);
  const choose = useCallback((next: TodayView) => {
    setView(next);
    try {
      localStorage.setItem(TODAY_VIEW_KEY, next);
    } catch {
      // Storage may be refused (private mode): the choice then lasts for this page only.
    }
  }, []);
  return [view, choose];
}
