import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";

/** Only visitors see it: its code (and the sign-in buttons') stays out of a signed-in user's first load. */
export const LazyWelcomeScreen = lazyWithPreload(() => import("./welcome-screen.tsx").then((module) => module.WelcomeScreen));
