// The Timeline view: only the Board | Timeline switch is in the Today page's first paint; the view loads when chosen.
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export { TodayViewSwitch } from "./components/today-view-switch.tsx";
export { type TodayView, useTodayView } from "./lib/today-view.ts";
export type { TimelineProps } from "./components/timeline.tsx";

export const Timeline = lazyWithPreload(() => import("./components/timeline.tsx").then((module) => module.Timeline), { optional: true });
